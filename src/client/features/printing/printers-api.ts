/**
 * The receipt printers' calls (decision 028): the states every staff screen shows, the back
 * office's printers and held jobs, Test Print and Reprint.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  printerSchema,
  printJobSchema,
  type PrinterInput,
} from '#shared/printing/printing.schema.ts';
import { apiGet, apiRequest } from '#client/lib/api-client.ts';

/** How often a screen asks for the printers' states: a failure shows within 30 s of a try. */
const PRINTER_STATUS_POLL_MS = 10_000;

const STATUS_KEY = ['/api/admin/printers/status'];
const PRINTERS_KEY = ['/api/admin/printers'];
const HELD_KEY = ['/api/admin/print-jobs/held'];

export function usePrinterStatus() {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: async () => z.array(printerSchema).parse(await apiGet('/api/admin/printers/status')),
    refetchInterval: PRINTER_STATUS_POLL_MS,
  });
}

export function usePrinters() {
  return useQuery({
    queryKey: PRINTERS_KEY,
    queryFn: async () => z.array(printerSchema).parse(await apiGet('/api/admin/printers')),
    refetchInterval: PRINTER_STATUS_POLL_MS,
  });
}

export function useHeldJobs() {
  return useQuery({
    queryKey: HELD_KEY,
    queryFn: async () => z.array(printJobSchema).parse(await apiGet('/api/admin/print-jobs/held')),
    refetchInterval: PRINTER_STATUS_POLL_MS,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: PRINTERS_KEY }),
      client.invalidateQueries({ queryKey: STATUS_KEY }),
      client.invalidateQueries({ queryKey: HELD_KEY }),
    ]);
}

export function useSavePrinter() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PrinterInput }) =>
      id
        ? apiRequest('PUT', `/api/admin/printers/${id}`, input)
        : apiRequest('POST', '/api/admin/printers', input),
    onSuccess: refresh,
  });
}

export function useDeletePrinter() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/admin/printers/${id}`),
    onSuccess: refresh,
  });
}

export function useTestPrint() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest('POST', `/api/admin/printers/${id}/test`),
    onSuccess: refresh,
  });
}

export function useHeldJobAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'print-now' | 'discard' }) =>
      apiRequest('POST', `/api/admin/print-jobs/${id}/${action}`),
    onSuccess: refresh,
  });
}

/** Reprint on an order: a new job marked REPRINT on each printer of that kind. */
export function useReprint() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ orderId, kind }: { orderId: string; kind: 'kitchen' | 'receipt' }) =>
      apiRequest<{ jobIds: string[] }>('POST', `/api/admin/orders/${orderId}/print`, { kind }),
    onSuccess: refresh,
  });
}
