/**
 * Keeps the kitchen's screen awake while the display is open (Screen Wake Lock API). The
 * browser drops the lock whenever the tab is hidden, so it is asked for again each time the page
 * is visible. Where the API is missing (an older tablet, plain http outside localhost), nothing
 * breaks: the answer is 'unsupported' and the screen follows the device's own sleep setting
 * (docs/operations.md "Running the day", decision 024).
 */
import { useEffect, useState } from 'react';

interface WakeLockSentinelLike {
  released: boolean;
  release(): Promise<void>;
  addEventListener(type: 'release', listener: () => void): void;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

export type WakeLockState = 'on' | 'off' | 'unsupported';

export function useScreenWakeLock(): WakeLockState {
  const [state, setState] = useState<WakeLockState>(() =>
    typeof navigator !== 'undefined' && 'wakeLock' in navigator ? 'off' : 'unsupported',
  );

  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
    if (!wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let stopped = false;
    const request = async () => {
      if (stopped || document.visibilityState !== 'visible' || (sentinel && !sentinel.released))
        return;
      try {
        const next = await wakeLock.request('screen');
        if (stopped) return void next.release().catch(() => undefined);
        sentinel = next;
        setState('on');
        next.addEventListener('release', () => {
          if (!stopped) setState('off');
        });
      } catch (error) {
        // Refused (battery saver, a policy, the page not visible yet): tried again when visible.
        console.warn('Screen wake lock refused', error);
        setState('off');
      }
    };
    const onVisibility = () => void request();
    document.addEventListener('visibilitychange', onVisibility);
    void request();
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
    };
  }, []);

  return state;
}
