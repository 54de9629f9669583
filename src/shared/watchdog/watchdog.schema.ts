/**
 * The kitchen watchdog (decision 023): during opening hours it alerts when no kitchen display
 * is connected or a paid order sits untouched, and pauses online ordering when the kitchen
 * stays offline. These are its thresholds, its audit actions and what the back office reads.
 */
import { z } from 'zod';
import { ORDER_SOURCES } from '../orders/order-states.ts';

import { PAUSE_AFTER_MINUTES_MAX, PAUSE_AFTER_MINUTES_MIN } from './watchdog-times.ts';

export * from './watchdog-times.ts';

export const WATCHDOG_AUDIT_ACTIONS = [
  'watchdog.kitchen-offline',
  'watchdog.order-untouched',
  'watchdog.paused',
  'watchdog.resumed',
  'watchdog.kitchen-back',
] as const;
export type WatchdogAuditAction = (typeof WATCHDOG_AUDIT_ACTIONS)[number];

/** PUT /api/admin/watchdog/settings (admin): minutes without a display before the pause. */
export const watchdogSettingsSchema = z.object({
  pauseAfterMinutes: z
    .number({ error: 'Please enter a whole number of minutes.' })
    .int({ error: 'Please enter a whole number of minutes.' })
    .min(PAUSE_AFTER_MINUTES_MIN, {
      error: `Please enter ${PAUSE_AFTER_MINUTES_MIN} to ${PAUSE_AFTER_MINUTES_MAX} minutes.`,
    })
    .max(PAUSE_AFTER_MINUTES_MAX, {
      error: `Please enter ${PAUSE_AFTER_MINUTES_MIN} to ${PAUSE_AFTER_MINUTES_MAX} minutes.`,
    }),
});

const watchdogAlertSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('kitchenOffline'),
    /** Stable per incident: the client's "acknowledged" remembers it. */
    id: z.string(),
    since: z.iso.datetime({ offset: true }),
  }),
  z.object({
    kind: z.literal('orderUntouched'),
    id: z.string(),
    orderId: z.uuid(),
    orderNumber: z.number().int(),
    orderSource: z.enum(ORDER_SOURCES),
    since: z.iso.datetime({ offset: true }),
  }),
]);
export type WatchdogAlert = z.infer<typeof watchdogAlertSchema>;

/** GET /api/admin/watchdog (staff): what the dashboard's and the POS's banner show. */
export const watchdogStatusSchema = z.object({
  /** Kitchen displays connected to every instance (presence rows, decision 023). */
  kitchenDisplays: z.number().int(),
  /** Open now by the shop hours: outside them the watchdog is quiet. */
  watching: z.boolean(),
  alerts: z.array(watchdogAlertSchema),
  /** Online ordering is paused by the watchdog (it resumes when a display is back). */
  pausedByWatchdog: z.boolean(),
  pauseAfterMinutes: z.number().int(),
});
export type WatchdogStatus = z.infer<typeof watchdogStatusSchema>;

/** "1 kitchen display connected", "No kitchen display connected". */
export function kitchenDisplaysLabel(count: number): string {
  if (count === 0) return 'No kitchen display connected';
  return `${count} kitchen display${count === 1 ? '' : 's'} connected`;
}

/** The banner's line for one alert. */
export function watchdogAlertText(alert: WatchdogAlert): string {
  if (alert.kind === 'kitchenOffline') return 'No kitchen display is connected';
  const platform =
    alert.orderSource === 'wolt' ? 'Wolt ' : alert.orderSource === 'bolt' ? 'Bolt ' : '';
  return `${platform}Order #${alert.orderNumber} has not been started`;
}
