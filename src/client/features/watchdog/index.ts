/** The kitchen watchdog (decision 023): the public entry of the client's watchdog feature. */
export { PosWatchdog } from './pos-watchdog.tsx';
export { useWatchdog } from './use-watchdog.ts';
export { WatchdogBanner } from './watchdog-banner.tsx';
export { WatchdogPanel } from './watchdog-panel.tsx';
