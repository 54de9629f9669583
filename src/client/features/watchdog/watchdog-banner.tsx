/**
 * The kitchen watchdog's banner (decision 023), on the dashboard and the POS: how many kitchen
 * displays are connected, and while an alert is open a red banner that names it, with the
 * alarm's Acknowledge and, while the browser blocks sound, Enable sound.
 */
import { BellOff, MonitorCheck, MonitorX, Siren, Volume2 } from 'lucide-react';
import { kitchenDisplaysLabel, watchdogAlertText } from '#shared/watchdog/watchdog.schema.ts';
import { cn } from '#client/lib/utils.ts';
import type { Watchdog } from './use-watchdog.ts';

/** "1 kitchen display connected" as a pill: green with one or more, red with none. */
export function KitchenDisplaysPill({
  count,
  className,
}: {
  count: number | undefined;
  className?: string;
}) {
  const none = count === 0;
  return (
    <p
      data-testid="kitchen-displays"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-bold',
        count === undefined
          ? 'bg-stone-200 text-stone-700'
          : none
            ? 'bg-red-100 text-red-800'
            : 'bg-emerald-100 text-emerald-900',
        className,
      )}
    >
      {none ? (
        <MonitorX aria-hidden className="size-4 shrink-0" />
      ) : (
        <MonitorCheck aria-hidden className="size-4 shrink-0" />
      )}
      {count === undefined ? 'Kitchen displays: checking…' : kitchenDisplaysLabel(count)}
    </p>
  );
}

export function WatchdogBanner({
  watchdog,
  className,
}: {
  watchdog: Watchdog;
  className?: string;
}) {
  const { alerts, ringing, status } = watchdog;
  if (alerts.length === 0) return null;
  const acknowledged = ringing.length === 0;
  return (
    <section
      role="alert"
      aria-label="Kitchen alert"
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl px-4 py-3',
        acknowledged ? 'bg-red-100 text-red-950 ring-1 ring-red-700/30' : 'bg-red-700 text-white',
        className,
      )}
    >
      <Siren aria-hidden className="size-7 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="text-lg font-black">Kitchen alert</p>
        <ul className="mt-0.5 space-y-0.5 font-semibold">
          {alerts.map((alert) => (
            <li key={alert.id}>{watchdogAlertText(alert)}</li>
          ))}
        </ul>
        {status?.pausedByWatchdog && (
          <p className="mt-1 text-sm font-semibold">
            Online orders are paused until a kitchen display is back.
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {watchdog.soundBlocked && (
          <button
            type="button"
            onClick={watchdog.playChime}
            className="inline-flex h-11 items-center gap-2 rounded-xl bg-mustard-400 px-4 font-bold text-char-950"
          >
            <Volume2 aria-hidden className="size-5" />
            Enable sound
          </button>
        )}
        {acknowledged ? (
          <p className="inline-flex items-center gap-1.5 text-sm font-semibold">
            <BellOff aria-hidden className="size-4" />
            Acknowledged
          </p>
        ) : (
          <button
            type="button"
            onClick={watchdog.acknowledge}
            className="inline-flex h-11 items-center gap-2 rounded-xl bg-white px-4 font-bold text-red-800 hover:bg-red-50"
          >
            <BellOff aria-hidden className="size-5" />
            Acknowledge
          </button>
        )}
      </div>
    </section>
  );
}
