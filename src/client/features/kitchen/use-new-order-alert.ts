import { useCallback, useEffect, useRef, useState } from 'react';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { shouldRepeatAcceptAlert, takeNewKitchenOrders, takeNewlyCancelled } from './new-orders.ts';

const CHIME_URL = '/sounds/kitchen-new-order.wav';
/** How often the chime repeats while a platform order waits for our accept (decision 017). */
export const ACCEPT_ALERT_REPEAT_MS = 3_000;

/**
 * An order that was not on this screen before plays a chime and stays highlighted until someone
 * touches it. Whatever is on screen at the first load counts as seen, and so does an order that
 * comes back by Recall (it was seen before, or it is no longer new to the kitchen).
 * Decision 017: the chime repeats every 3 s while a Wolt or Bolt Food order waits for our accept
 * (they wait 3 minutes, integrations.md §2.4), and sounds once when a platform cancels an order.
 * A browser that blocks sound stops the repeats until someone taps Enable sound.
 */
export function useNewOrderAlert(orders: KitchenOrder[] | undefined) {
  const seen = useRef<Set<string> | null>(null);
  const seenCancelled = useRef(new Set<string>());
  const audio = useRef<HTMLAudioElement | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  const [soundBlocked, setSoundBlocked] = useState(false);

  const playChime = useCallback(() => {
    audio.current ??= new Audio(CHIME_URL);
    const chime = audio.current;
    chime.currentTime = 0;
    chime.play().then(
      () => setSoundBlocked(false),
      (error: unknown) => {
        // Browsers refuse sound until someone has touched the page; the header then offers a button.
        console.warn('Kitchen chime could not play', error);
        if (error instanceof DOMException && error.name === 'NotAllowedError')
          setSoundBlocked(true);
      },
    );
  }, []);

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

  const repeating = shouldRepeatAcceptAlert(orders);
  useEffect(() => {
    if (!repeating || soundBlocked) return;
    const timer = setInterval(playChime, ACCEPT_ALERT_REPEAT_MS);
    return () => clearInterval(timer);
  }, [repeating, soundBlocked, playChime]);

  const acknowledge = useCallback((orderId: string) => {
    setFresh((previous) => {
      if (!previous.has(orderId)) return previous;
      const next = new Set(previous);
      next.delete(orderId);
      return next;
    });
  }, []);

  return { fresh, acknowledge, soundBlocked, playChime, repeating };
}
