/**
 * The kitchen watchdog's times (decision 023). No imports: the server's entry (config.ts)
 * reads them before it loads anything else.
 */

/** No kitchen display connected for this long alerts (30 s). */
export const DISPLAY_GRACE_MS = 30_000;
/** A paid order not touched by the kitchen for this long alerts (2 minutes). */
export const UNTOUCHED_ORDER_MS = 2 * 60_000;
/** A Wolt/Bolt order not accepted alerts this long before the platform's deadline (60 s). */
export const PLATFORM_LEAD_MS = 60_000;
/** The setting kitchen_offline_pause_minutes: its default and its bounds. */
export const PAUSE_AFTER_MINUTES_DEFAULT = 3;
export const PAUSE_AFTER_MINUTES_MIN = 1;
export const PAUSE_AFTER_MINUTES_MAX = 60;
