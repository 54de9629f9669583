/**
 * Which table a guest sits at (spec back-office §2 "Table ordering page"): from the QR code's
 * query parameter `table` or `tableNumber`, kept in this tab's sessionStorage so a reload or a
 * later visit in the tab still knows it.
 */

/** Until GET /api/shop-info says how many tables the shop has. */
export const DEFAULT_TABLE_COUNT = 10;

const STORAGE_KEY = 'tableNumber';

/** The longest value we repeat back to a guest (a QR code never carries more). */
const SHOWN_LENGTH = 20;

export type TableCheck =
  { kind: 'missing' } | { kind: 'valid'; tableNumber: string } | { kind: 'invalid'; shown: string };

/** The table the page's query names (the QR code's address), if any. */
export function tableFromQuery(params: URLSearchParams): string | null {
  const fromQuery = params.get('table') ?? params.get('tableNumber');
  return fromQuery?.trim() || null;
}

/** A whole number from 1 to the shop's table count; '04' is table 4. */
export function checkTable(raw: string | null, tableCount: number): TableCheck {
  if (raw === null || raw.trim() === '') return { kind: 'missing' };
  const value = raw.trim();
  const number = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isInteger(number) && number >= 1 && number <= tableCount) {
    return { kind: 'valid', tableNumber: String(number) };
  }
  return { kind: 'invalid', shown: value.slice(0, SHOWN_LENGTH) };
}

export function loadTableNumber(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be off (private mode, blocked cookies): the query still works.
    return null;
  }
}

export function saveTableNumber(tableNumber: string) {
  try {
    sessionStorage.setItem(STORAGE_KEY, tableNumber);
  } catch {
    // See loadTableNumber.
  }
}
