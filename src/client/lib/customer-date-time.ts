/**
 * One date and time format on every customer page (the confirmation page, the Track Your
 * Meal results, /track): "24 Nov 2026, 18:05" and "18:05", a 24-hour clock as on the
 * truck's board, whatever the browser's language. In the browser's time zone unless told:
 * the customer is at the truck.
 */
const options = (timeZone?: string) => ({
  ...(timeZone ? { timeZone } : {}),
  hourCycle: 'h23' as const,
});

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function cached(
  formats: Map<string, Intl.DateTimeFormat>,
  timeZone: string | undefined,
  make: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** "24 Nov 2026, 18:05". */
export function formatCustomerDateTime(date: Date | string, timeZone?: string): string {
  return cached(
    dateTimeFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        ...options(timeZone),
      }),
  ).format(new Date(date));
}

/** "18:05". */
export function formatCustomerClock(date: Date | string, timeZone?: string): string {
  return cached(
    clockFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        ...options(timeZone),
      }),
  ).format(new Date(date));
}
