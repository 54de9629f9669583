/**
 * Which of the watchdog's alerts still ring (decision 023): an alert rings until someone
 * acknowledges it on this screen or it is resolved (it leaves the server's list). Plain
 * functions, tested in watchdog-alarm.test.ts; the hook only keeps the state.
 */
import type { WatchdogAlert } from '#shared/watchdog/watchdog.schema.ts';

/** The chime repeats this often while an alert is unacknowledged. */
export const ALARM_REPEAT_MS = 8_000;

/** The alerts not yet acknowledged. */
export function ringingAlerts(
  alerts: readonly WatchdogAlert[],
  acknowledged: ReadonlySet<string>,
): WatchdogAlert[] {
  return alerts.filter((alert) => !acknowledged.has(alert.id));
}

/** Acknowledgements of alerts that are over are forgotten (an incident's id never returns). */
export function keepCurrent(
  acknowledged: ReadonlySet<string>,
  alerts: readonly WatchdogAlert[],
): Set<string> {
  const current = new Set(alerts.map((alert) => alert.id));
  return new Set([...acknowledged].filter((id) => current.has(id)));
}
