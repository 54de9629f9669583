/**
 * The dashboard's new-order sound, after the kitchen's chime
 * (features/kitchen/use-new-order-alert.ts). Orders on screen at the first load of the day
 * count as seen; after that, an order rings once when it is paid and the kitchen has not
 * started it (lib/new-orders.ts). Muting is remembered in this browser.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminOrder } from '#shared/admin-dashboard/dashboard.schema.ts';
import { ordersToAnnounce } from './lib/new-orders.ts';
import { pageNotTouchedYet } from '#client/lib/page-touched.ts';

const CHIME_URL = '/sounds/kitchen-new-order.wav';
const MUTE_STORAGE_KEY = 'admin-dashboard:new-order-sound-muted';

function readMuted(): boolean {
  try {
    return window.localStorage.getItem(MUTE_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeMuted(muted: boolean) {
  try {
    if (muted) window.localStorage.setItem(MUTE_STORAGE_KEY, 'true');
    else window.localStorage.removeItem(MUTE_STORAGE_KEY);
  } catch {
    // Private mode without storage: the choice lasts until the page is left.
  }
}

export interface NewOrderSound {
  muted: boolean;
  toggleMuted: () => void;
  /** The browser refuses to play until the page is touched: offer "Enable sound". */
  soundBlocked: boolean;
  /** Plays the chime (from a click, which also unlocks sound). */
  playChime: () => void;
}

export function useNewOrderSound(
  day: string | undefined,
  orders: AdminOrder[] | undefined,
): NewOrderSound {
  const known = useRef<{ day: string; ids: Set<string> } | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const [muted, setMuted] = useState(readMuted);
  const [soundBlocked, setSoundBlocked] = useState(pageNotTouchedYet);
  const mutedRef = useRef(muted);

  const playChime = useCallback(() => {
    audio.current ??= new Audio(CHIME_URL);
    const chime = audio.current;
    chime.currentTime = 0;
    chime.play().then(
      () => setSoundBlocked(false),
      (error: unknown) => {
        console.warn('New-order sound could not play', error);
        if (error instanceof DOMException && error.name === 'NotAllowedError') {
          setSoundBlocked(true);
        }
      },
    );
  }, []);

  // The first touch of the page unlocks sound: the button is no longer needed.
  useEffect(() => {
    if (!soundBlocked) return;
    const unlocked = () => {
      if (!pageNotTouchedYet()) setSoundBlocked(false);
    };
    window.addEventListener('pointerup', unlocked);
    window.addEventListener('keyup', unlocked);
    return () => {
      window.removeEventListener('pointerup', unlocked);
      window.removeEventListener('keyup', unlocked);
    };
  }, [soundBlocked]);

  useEffect(() => {
    if (!day || !orders) return;
    if (known.current?.day !== day) {
      // The first list of the day (on load, or after midnight): all of it counts as seen.
      known.current = { day, ids: new Set(orders.map((order) => order.id)) };
      return;
    }
    const ids = known.current.ids;
    const news = ordersToAnnounce(orders, ids);
    if (news.length === 0) return;
    for (const id of news) ids.add(id);
    if (!mutedRef.current) playChime();
  }, [day, orders, playChime]);

  const toggleMuted = useCallback(() => {
    const next = !mutedRef.current;
    mutedRef.current = next;
    setMuted(next);
    writeMuted(next);
    // Unmuting is a click: let it be heard, which also unlocks sound in the browser.
    if (!next) playChime();
  }, [playChime]);

  return { muted, toggleMuted, soundBlocked: soundBlocked && !muted, playChime };
}
