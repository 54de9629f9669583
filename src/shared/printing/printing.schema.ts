/**
 * Receipt printers (DESIGN.md departure 18, docs/decisions/028-receipt-printers.md): a printer
 * as the back office sets it up, its state as the screens show it, and the print jobs that
 * wait for a human after an outage.
 */
import { z } from 'zod';
import { ORDER_SOURCES } from '../orders/order-states.ts';

/**
 * escpos-network: an ESC/POS printer on the truck's network (TCP, port 9100), for a server in
 * the truck. star-cloudprnt: a Star printer that polls this server over https (CloudPRNT), for a
 * server in the cloud that cannot reach the truck's network.
 */
export const PRINTER_KINDS = ['escpos-network', 'star-cloudprnt'] as const;
export type PrinterKind = (typeof PRINTER_KINDS)[number];

/** What a printer prints: kitchen tickets, customer receipts, or both. */
export const PRINT_TARGETS = ['kitchen', 'receipt'] as const;
export type PrintTarget = (typeof PRINT_TARGETS)[number];

/**
 * The printer's character table: the encoder picks the code page each character needs among
 * the ones this printer model has (euro sign, Greek, Estonian letters).
 */
export const PRINTER_MODELS = [
  'epson-tm-t20iii',
  'epson-tm-t88vi',
  'epson-tm-m30iii',
  'star-tsp100iv',
  'star-mc-print2',
] as const;
export type PrinterModel = (typeof PRINTER_MODELS)[number];

/** A job's life: queued (the outbox sends it), printed, held (waits for a human), discarded. */
export const PRINT_JOB_STATES = ['queued', 'printed', 'held', 'discarded'] as const;

export const PRINT_JOB_KINDS = ['kitchen', 'receipt', 'test'] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];

/** Jobs older than this when their printer answers wait for a human (decision 028). */
export const DEFAULT_HOLD_AFTER_MINUTES = 30;

const name = z.string().trim().min(1, 'Give the printer a name').max(60);

export const printerInputSchema = z
  .object({
    name,
    kind: z.enum(PRINTER_KINDS),
    host: z
      .string()
      .trim()
      .max(253)
      .regex(/^[A-Za-z0-9.:-]*$/, 'A host name or an IP address, like 192.168.1.50')
      .optional(),
    port: z.number().int().min(1).max(65_535).optional(),
    model: z.enum(PRINTER_MODELS).optional(),
    prints: z
      .array(z.enum(PRINT_TARGETS))
      .min(1, 'Choose kitchen tickets, receipts or both')
      .max(2)
      .refine((prints) => new Set(prints).size === prints.length, 'Each once'),
    /** The channels whose paid orders it prints; absent or empty: every channel. */
    sources: z.array(z.enum(ORDER_SOURCES)).max(ORDER_SOURCES.length).optional(),
    holdAfterMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .optional(),
    enabled: z.boolean().optional(),
  })
  .refine((printer) => printer.kind !== 'escpos-network' || !!printer.host, {
    message: 'A network printer needs its host (its IP address)',
    path: ['host'],
  });
export type PrinterInput = z.infer<typeof printerInputSchema>;

/** ready: the last job went out; printing: a job is on its way; failing: since, with the error. */
const PRINTER_STATES = ['ready', 'printing', 'failing'] as const;

export const printerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(PRINTER_KINDS),
  host: z.string().nullable(),
  port: z.number().int(),
  model: z.enum(PRINTER_MODELS),
  prints: z.array(z.enum(PRINT_TARGETS)),
  sources: z.array(z.enum(ORDER_SOURCES)),
  holdAfterMinutes: z.number().int(),
  enabled: z.boolean(),
  /** CloudPRNT only: the URL to enter in the printer's CloudPRNT settings. */
  cloudPrntPath: z.string().nullable(),
  state: z.enum(PRINTER_STATES),
  failingSince: z.iso.datetime({ offset: true }).nullable(),
  lastError: z.string().nullable(),
  lastPrintedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Jobs waiting to be sent, and jobs waiting for a human (Print now or Discard). */
  queued: z.number().int(),
  held: z.number().int(),
});
export type Printer = z.infer<typeof printerSchema>;

export const printJobSchema = z.object({
  id: z.uuid(),
  printerId: z.uuid(),
  printerName: z.string(),
  kind: z.enum(PRINT_JOB_KINDS),
  orderId: z.uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  reprint: z.boolean(),
  state: z.enum(PRINT_JOB_STATES),
  createdAt: z.iso.datetime({ offset: true }),
  error: z.string().nullable(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

/** POST /api/admin/orders/:id/print: a reprint of the ticket or the receipt (marked REPRINT). */
export const reprintRequestSchema = z.object({
  kind: z.enum(['kitchen', 'receipt']).default('kitchen'),
});
