/** Time as the kitchen reads it: a 24-hour clock, ages in minutes, timers as mm:ss. */
import { useEffect, useState } from 'react';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { isOverdue } from '#shared/orders/order-states.ts';
import { PLATFORM_ACCEPT_WINDOW_MS } from '#shared/delivery-platforms/delivery-platforms.schema.ts';

const two = (value: number) => String(value).padStart(2, '0');

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string | undefined, seconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${seconds}`;
  let format = clockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds && { second: '2-digit' }),
      ...(timeZone && { timeZone }),
    });
    clockFormats.set(key, format);
  }
  return format;
}

/**
 * HH:MM:SS, 24-hour, in the shop's time zone (DESIGN.md: the shop's clock, not the tablet's:
 * a tablet left on UTC must not read 17:08 beside an order made at 19:06). The tablet's own
 * zone only until the shop's is known.
 */
export function formatClock(now: Date, timeZone?: string): string {
  return clockFormat(timeZone, true).format(now);
}

/** HH:MM of a moment (an order's time) in the shop's time zone. */
export function formatShopTime(moment: string | Date, timeZone?: string): string {
  return clockFormat(timeZone, false).format(new Date(moment));
}

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * HH:MM of a moment on the shop's clock, after its weekday ("Wed 09:15") when it falls on
 * another shop day than `now`: a pre-order for a later opening (decision 026).
 */
export function formatShopDayTime(moment: string, now: Date, timeZone?: string): string {
  const key = timeZone ?? '';
  let weekday = weekdayFormats.get(key);
  if (!weekday) {
    weekday = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      ...(timeZone && { timeZone }),
    });
    weekdayFormats.set(key, weekday);
  }
  const time = formatShopTime(moment, timeZone);
  const day = weekday.format(new Date(moment));
  return day === weekday.format(now) ? time : `${day.split(' ')[0]} ${time}`;
}

/** "just now", "12 min ago", "1 h 5 min ago". */
export function formatAge(since: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - new Date(since).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min ago` : `${hours} h ago`;
}

/** mm:ss since a moment (minutes keep counting past 59: a kitchen timer, not a clock). */
export function formatTimer(since: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 1_000));
  return `${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`;
}

/**
 * Whether a card shows OVERDUE (spec back-office §4): only while it is being prepared, when more
 * minutes have passed since the start than its estimate. A ready or done order is never late.
 */
export function isOrderOverdue(
  order: Pick<KitchenOrder, 'kitchenStatus' | 'kitchenStartedAt' | 'kitchenEstimatedTime'>,
  now: Date,
): boolean {
  return (
    order.kitchenStatus === 'started' &&
    isOverdue(order.kitchenStartedAt, order.kitchenEstimatedTime, now)
  );
}

/** Under this much time left, the accept countdown turns red. */
const ACCEPT_URGENT_MS = 60_000;

export type AcceptCountdown =
  | { over: false; urgent: boolean; left: string; text: string }
  | { over: true; urgent: true; text: string };

/**
 * The countdown of a Wolt or Bolt Food order waiting for our accept (decision 017; the
 * platforms wait 3 minutes, integrations.md §2.4): "Accept within 2:41", red under a minute,
 * "Accept time over" at 0. Whole seconds round up, so the last second reads 0:01, not 0:00.
 */
export function acceptCountdown(msLeft: number): AcceptCountdown {
  // Never more than the platform's window: more is only this screen's clock behind the server's.
  const seconds = Math.min(Math.ceil(msLeft / 1_000), PLATFORM_ACCEPT_WINDOW_MS / 1_000);
  if (seconds <= 0) return { over: true, urgent: true, text: 'Accept time over' };
  const left = `${Math.floor(seconds / 60)}:${two(seconds % 60)}`;
  // Urgent by the seconds shown, so "1:00" is never red and "0:59" always is.
  const urgent = seconds * 1_000 < ACCEPT_URGENT_MS;
  return { over: false, urgent, left, text: `Accept within ${left}` };
}

/** Milliseconds from `now` until an ISO moment (negative once it has passed). */
export function msUntil(moment: string, now: Date): number {
  return new Date(moment).getTime() - now.getTime();
}

/** The current time, ticking every `intervalMs` (spec back-office §9: kitchen clock 1 s). */
export function useNow(intervalMs = 1_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
