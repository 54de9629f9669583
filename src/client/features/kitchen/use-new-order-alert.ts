import { useCallback, useEffect, useRef, useState } from 'react';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { shouldRepeatAcceptAlert, takeNewKitchenOrders, takeNewlyCancelled } from './new-orders.ts';

const CHIME_URL = '/sounds/kitchen-new-order.wav';
/** How often the chime repeats while a platform order waits for our accept (decision 017). */
const ACCEPT_ALERT_REPEAT_MS = 3_000;
/** How often it repeats while a new order of our own has not been touched (decision 024). */
const NEW_ORDER_REPEAT_MS = 10_000;

/**
 * 'unknown': no chime has played yet (browsers refuse sound until someone has touched the page);
 * 'on': a chime played; 'blocked': the browser refused one. The header asks for a tap until 'on'.
 */
export type SoundState = 'unknown' | 'on' | 'blocked';

/**
 * An order that was not on this screen before plays a chime and stays highlighted until someone
 * touches it; the chime repeats every 10 s until then (decision 024: a cook at the grill may miss
 * one). Whatever is on screen at the first load counts as seen, and so does an order that comes
 * back by Recall (it was seen before, or it is no longer new to the kitchen).
 * Decision 017: the chime repeats every 3 s while a Wolt or Bolt Food order waits for our accept
 * (they wait 3 minutes, integrations.md §2.4), and sounds once when a platform cancels an order.
 * Browsers block sound until the page is touched: the first touch anywhere turns it on (and plays
 * the chime, so the kitchen hears it works); while blocked, the repeats wait for that touch.
 */
export function useNewOrderAlert(orders: KitchenOrder[] | undefined) {
  const seen = useRef<Set<string> | null>(null);
  const seenCancelled = useRef(new Set<string>());
  const audio = useRef<HTMLAudioElement | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  // NOTE: not navigator.userActivation: a page reached by a tap elsewhere in the app may still be
  // refused, and automation counts its own scripts as touches. Only a chime that played says 'on'.
  const [sound, setSound] = useState<SoundState>('unknown');

  const playChime = useCallback(() => {
    audio.current ??= new Audio(CHIME_URL);
    const chime = audio.current;
    chime.currentTime = 0;
    chime.play().then(
      () => setSound('on'),
      (error: unknown) => {
        console.warn('Kitchen chime could not play', error);
        if (error instanceof DOMException && error.name === 'NotAllowedError') setSound('blocked');
      },
    );
  }, []);

  // The first touch of the page turns sound on (a gesture is what the browser waits for).
  useEffect(() => {
    if (sound === 'on') return;
    const unlock = () => playChime();
    document.addEventListener('pointerdown', unlock, { capture: true, once: true });
    document.addEventListener('keydown', unlock, { capture: true, once: true });
    return () => {
      document.removeEventListener('pointerdown', unlock, { capture: true });
      document.removeEventListener('keydown', unlock, { capture: true });
    };
  }, [sound, playChime]);

  useEffect(() => {
    if (!orders) return;
    if (!seen.current) {
      seen.current = new Set(orders.map((order) => order.id));
      takeNewlyCancelled(seenCancelled.current, orders, false);
      return;
    }
    const news = takeNewKitchenOrders(seen.current, orders);
    const cancelled = takeNewlyCancelled(seenCancelled.current, orders);
    if (news.length > 0) setFresh((previous) => new Set([...previous, ...news]));
    if (news.length > 0 || cancelled.length > 0) playChime();
  }, [orders, playChime]);

  // An order that left the screen (rejected, dismissed, cleared elsewhere) is no longer new.
  useEffect(() => {
    if (!orders || fresh.size === 0) return;
    const open = new Set(
      orders
        .filter((order) => order.kitchenStatus === 'pending' || order.kitchenStatus === 'started')
        .map((order) => order.id),
    );
    if ([...fresh].some((id) => !open.has(id)))
      setFresh((previous) => new Set([...previous].filter((id) => open.has(id))));
  }, [orders, fresh]);

  const awaitingAccept = shouldRepeatAcceptAlert(orders);
  const repeatEvery = awaitingAccept
    ? ACCEPT_ALERT_REPEAT_MS
    : fresh.size > 0
      ? NEW_ORDER_REPEAT_MS
      : null;
  useEffect(() => {
    if (repeatEvery === null || sound === 'blocked') return;
    const timer = setInterval(playChime, repeatEvery);
    return () => clearInterval(timer);
  }, [repeatEvery, sound, playChime]);

  const acknowledge = useCallback((orderId: string) => {
    setFresh((previous) => {
      if (!previous.has(orderId)) return previous;
      const next = new Set(previous);
      next.delete(orderId);
      return next;
    });
  }, []);

  return { fresh, acknowledge, sound, playChime, repeating: repeatEvery !== null };
}
