/**
 * The POS's part of the kitchen watchdog (decision 023): the display count, Alert this
 * device, and the alert banner with its alarm, on a socket of its own, in one strip under the
 * POS header.
 */
import { AlertThisDevice } from './alert-this-device.tsx';
import { useWatchdog } from './use-watchdog.ts';
import { KitchenDisplaysPill, WatchdogBanner } from './watchdog-banner.tsx';

export function PosWatchdog() {
  const watchdog = useWatchdog();
  return (
    <div className="flex flex-col gap-2 border-b border-char-900/10 bg-stone-100 px-3 py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <KitchenDisplaysPill count={watchdog.status?.kitchenDisplays} />
        <AlertThisDevice className="h-9 px-3 text-sm" />
      </div>
      <WatchdogBanner watchdog={watchdog} />
    </div>
  );
}
