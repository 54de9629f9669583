/**
 * The POS's part of the kitchen watchdog (decision 023): the display count and the alert
 * banner with its alarm, on a socket of its own, in one strip under the POS header.
 */
import { useWatchdog } from './use-watchdog.ts';
import { KitchenDisplaysPill, WatchdogBanner } from './watchdog-banner.tsx';

export function PosWatchdog() {
  const watchdog = useWatchdog();
  return (
    <div className="flex flex-col gap-2 border-b border-char-900/10 bg-stone-100 px-3 py-2">
      <KitchenDisplaysPill count={watchdog.status?.kitchenDisplays} className="self-start" />
      <WatchdogBanner watchdog={watchdog} />
    </div>
  );
}
