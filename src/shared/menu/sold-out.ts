/**
 * A sold-out mark as the screens show it (decision 010): whether it still holds, and when the item
 * is back, on the shop's clock. When a mark ends is sold-out-until.ts (the server sets it).
 *
 * NOTE: the storefront's entry bundle imports this file (decision 016): no zone arithmetic here.
 */

/** 'back at 18:00': when a sold-out mark ends, on the shop's clock. */
export function backAtLabel(until: string, timeZone?: string): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(until));
  return `back at ${time}`;
}

/** 'Sold out · back at 18:00', or 'Sold out' while it lasts until turned back on. */
export function soldOutLabel(until: string | null, timeZone?: string): string {
  return until === null ? 'Sold out' : `Sold out · ${backAtLabel(until, timeZone)}`;
}

/** Whether a sold-out mark still holds at `now` (a passed `until` means on sale again). */
export function isSoldOutAt(soldOut: { until: string | null } | null | undefined, now: Date) {
  if (!soldOut) return false;
  return soldOut.until === null || new Date(soldOut.until).getTime() > now.getTime();
}
