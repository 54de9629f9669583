import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiRequest } from '#client/lib/api-client.ts';
import {
  addOnListEntrySchema,
  addOnWriteSchema,
  breadListEntrySchema,
  breadWriteSchema,
  sauceListEntrySchema,
  sauceWriteSchema,
  type SoldOutRequest,
} from '#shared/menu/menu-admin.schema.ts';

/**
 * Breads, sauces and add-ons: the same five calls each (spec back-office §7 "Menu"), so one
 * definition per kind drives its queries.
 */
export const OPTION_KINDS = {
  bread: { path: '/api/menu/bread-options', entry: breadListEntrySchema, write: breadWriteSchema },
  sauce: { path: '/api/menu/sauce-options', entry: sauceListEntrySchema, write: sauceWriteSchema },
  addOn: { path: '/api/menu/addon-options', entry: addOnListEntrySchema, write: addOnWriteSchema },
} as const;
type Kinds = typeof OPTION_KINDS;
export type OptionKind = keyof Kinds;
export type OptionEntry<K extends OptionKind> = z.infer<Kinds[K]['entry']>;
export type BreadEntry = OptionEntry<'bread'>;
export type SauceEntry = OptionEntry<'sauce'>;
export type AddOnEntry = OptionEntry<'addOn'>;

export const optionsQuery = <K extends OptionKind>(kind: K) =>
  queryOptions({
    queryKey: [OPTION_KINDS[kind].path],
    queryFn: async (): Promise<OptionEntry<K>[]> =>
      z
        .array(OPTION_KINDS[kind].entry)
        .parse(await apiGet(OPTION_KINDS[kind].path)) as OptionEntry<K>[],
  });

export const useOptions = <K extends OptionKind>(kind: K) => useQuery(optionsQuery(kind));

const optionPath = (kind: OptionKind, id: string) =>
  `${OPTION_KINDS[kind].path}/${encodeURIComponent(id)}`;

function useInvalidateOptions(kind: OptionKind) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: optionsQuery(kind).queryKey }),
      // The storefront's per-item options name them too.
      queryClient.invalidateQueries({ queryKey: ['/api/menu/items'] }),
    ]);
}

/** What the option forms send: the kind's write schema has checked it. */
export type OptionBody = { id: string } & Record<string, unknown>;

export function useSaveOption(kind: OptionKind) {
  const invalidate = useInvalidateOptions(kind);
  return useMutation({
    mutationFn: async ({ editingId, option }: { editingId: string | null; option: OptionBody }) => {
      const { id: _id, ...changes } = option;
      return editingId === null
        ? apiRequest('POST', OPTION_KINDS[kind].path, option)
        : apiRequest('PUT', optionPath(kind, editingId), changes);
    },
    onSuccess: invalidate,
  });
}

export function useDeleteOption(kind: OptionKind) {
  const invalidate = useInvalidateOptions(kind);
  return useMutation({
    mutationFn: (option: { id: string }) => apiRequest('DELETE', optionPath(kind, option.id)),
    onSuccess: invalidate,
  });
}

/** PUT /api/menu/sauce-options/:id/sold-out and /addon-options/:id/sold-out (decision 010). */
export function useSetOptionSoldOut(kind: 'sauce' | 'addOn') {
  const invalidate = useInvalidateOptions(kind);
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: SoldOutRequest }) =>
      apiRequest('PUT', `${optionPath(kind, id)}/sold-out`, request),
    onSuccess: invalidate,
  });
}
