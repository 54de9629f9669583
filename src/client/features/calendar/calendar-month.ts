/**
 * The Order Calendar's month (spec back-office "Order Calendar": a month grid starting on
 * Sunday, previous/next month, day selection). Days are yyyy-MM-dd strings on the shop's
 * calendar and months are { year, month 1-12 }: plain calendar arithmetic in UTC, so the
 * browser's own time zone never shifts a day. Which day is today comes from the server.
 */
import { monthParamSchema, yearParamSchema } from '#shared/calendar/calendar.schema.ts';
import { addDays } from '#shared/time/shop-time.ts';
import { isDayString } from '#client/lib/back-office/dashboard-day.ts';

export interface YearMonth {
  year: number;
  /** 1-12, as the API counts. */
  month: number;
}

export interface GridCell {
  /** yyyy-MM-dd */
  date: string;
  /** False for the neighbouring months' days that fill the first and last weeks. */
  inMonth: boolean;
}

const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
/** The grid's column headers, Sunday first. */
export const WEEKDAYS = WEEKDAY_NAMES.map((name) => ({ short: name.slice(0, 3), long: name }));

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const pad = (value: number) => String(value).padStart(2, '0');
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** The months the API answers for (calendar.schema.ts: years 2000-2100). */
export const FIRST_MONTH: YearMonth = { year: 2000, month: 1 };
export const LAST_MONTH: YearMonth = { year: 2100, month: 12 };

/** '2026-11' -> { year: 2026, month: 11 }; anything else (or a year the API refuses) -> null. */
export function parseMonthParam(value: string | null): YearMonth | null {
  const match = value === null ? null : /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return null;
  const year = yearParamSchema.safeParse(match[1]);
  const month = monthParamSchema.safeParse(match[2]);
  return year.success && month.success ? { year: year.data, month: month.data } : null;
}

/** { 2026, 11 } -> '2026-11' (the ?month= value). */
export function monthParam({ year, month }: YearMonth): string {
  return `${year}-${pad(month)}`;
}

/** The month a yyyy-MM-dd day lies in. */
export function monthOfDay(day: string): YearMonth {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

export function isSameMonth(a: YearMonth, b: YearMonth): boolean {
  return a.year === b.year && a.month === b.month;
}

/** Whether a yyyy-MM-dd day lies in the month. */
export function isDayInMonth(day: string, month: YearMonth): boolean {
  return isDayString(day) && isSameMonth(monthOfDay(day), month);
}

/** { 2026, 12 } + 1 -> { 2027, 1 }. */
export function addMonths({ year, month }: YearMonth, months: number): YearMonth {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function compareMonths(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

export function daysInMonth({ year, month }: YearMonth): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** { 2026, 11 }, 24 -> '2026-11-24'. */
export function dayOf({ year, month }: YearMonth, dayOfMonth: number): string {
  return `${year}-${pad(month)}-${pad(dayOfMonth)}`;
}

/** 0 for Sunday ... 6 for Saturday. */
export function weekdayOf(day: string): number {
  return utc(day).getUTCDay();
}

/**
 * The weeks of a month, Sunday first: as many rows as the month needs (four for a February of
 * 28 days that starts on a Sunday, up to six), the first and last padded with the neighbouring
 * months' days so that every row has seven.
 */
export function monthGrid(month: YearMonth): GridCell[][] {
  const first = dayOf(month, 1);
  const last = dayOf(month, daysInMonth(month));
  const start = addDays(first, -weekdayOf(first));
  const end = addDays(last, 6 - weekdayOf(last));
  const weeks: GridCell[][] = [];
  for (let day = start; day <= end; day = addDays(day, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, index) => {
        const date = addDays(day, index);
        return { date, inMonth: date >= first && date <= last };
      }),
    );
  }
  return weeks;
}

/** { 2026, 11 } -> 'November 2026'. */
export function monthLabel({ year, month }: YearMonth): string {
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** { 2026, 11 } -> 'Nov 2026'. */
export function shortMonthLabel({ year, month }: YearMonth): string {
  return `${MONTH_NAMES[month - 1]!.slice(0, 3)} ${year}`;
}

/** '2026-11-24' -> 'Tuesday 24 November 2026'. */
export function longDayLabel(day: string): string {
  const date = utc(day);
  return `${WEEKDAY_NAMES[date.getUTCDay()]} ${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * Where the arrow keys take the focus in the grid: a day to either side, a week up or down,
 * Home and End to the week's ends. It stays inside the month (Page Up and Page Down change
 * the month instead). `null` for any other key.
 */
export function dayAfterKey(day: string, key: string, month: YearMonth): string | null {
  const weekday = weekdayOf(day);
  const moves: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -7,
    ArrowDown: 7,
    Home: -weekday,
    End: 6 - weekday,
  };
  const move = moves[key];
  if (move === undefined) return null;
  const first = dayOf(month, 1);
  const last = dayOf(month, daysInMonth(month));
  const next = addDays(day, move);
  return next < first ? first : next > last ? last : next;
}
