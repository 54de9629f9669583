/**
 * What a page view report says about this browser, as src/shared/analytics/analytics.schema.ts
 * allows (decision 015): a random first-party id and the local day it was first seen, kept in
 * localStorage under `visitor`. Neither leaves the browser: the report says only whether that
 * day is today. Pure functions, so the day logic is tested with literal dates.
 *
 * NOTE: this module is in the storefront's entry bundle: keep it small and free of imports.
 */

export const VISITOR_STORAGE_KEY = 'visitor';

export interface VisitorRecord {
  id: string;
  /** Local day (yyyy-MM-dd) this browser was first seen. */
  firstSeen: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The local calendar day of `date` as yyyy-MM-dd. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The stored record, or null when there is none or it is not one of ours. */
export function parseVisitorRecord(raw: string | null): VisitorRecord | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const { id, firstSeen } = value as Record<string, unknown>;
    return typeof id === 'string' && id && typeof firstSeen === 'string' && DAY.test(firstSeen)
      ? { id, firstSeen }
      : null;
  } catch {
    return null;
  }
}

/** New means first seen today: every view of the first day is a new visitor's. */
export function isNewVisitorOn(record: VisitorRecord, today: string): boolean {
  return record.firstSeen === today;
}

/**
 * This browser's record for `today`: the stored one, or a new one first seen today (written
 * back). Storage that refuses (private mode, quota, disabled) gives a record for this page only,
 * so that browser counts as new, as it would on every visit anyway.
 */
export function visitorRecord(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  today: string,
  newId: () => string,
): VisitorRecord {
  let stored: VisitorRecord | null = null;
  try {
    stored = parseVisitorRecord(storage?.getItem(VISITOR_STORAGE_KEY) ?? null);
  } catch {
    // Reading localStorage throws where it is blocked.
  }
  if (stored) return stored;
  const created = { id: newId(), firstSeen: today };
  try {
    storage?.setItem(VISITOR_STORAGE_KEY, JSON.stringify(created));
  } catch {
    // Not kept: the next view asks again, and is new again.
  }
  return created;
}

/** A random id; randomUUID needs a secure context, so plain http on a LAN falls back. */
export function randomVisitorId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

const MAX_PATH_LENGTH = 200;

/**
 * The path to report: no query or fragment, no trailing slash, and an order's own page reduced
 * to its page (`/order-confirmation/<id>`), so no order id is ever counted as a page.
 */
export function normalisePath(path: string): string {
  let clean = path.split(/[?#]/, 1)[0] ?? '';
  if (!clean.startsWith('/')) clean = `/${clean}`;
  clean = clean.replace(/\/{2,}/g, '/');
  if (clean.length > 1) clean = clean.replace(/\/+$/, '');
  if (clean.startsWith('/order-confirmation/')) clean = '/order-confirmation';
  return clean.slice(0, MAX_PATH_LENGTH) || '/';
}
