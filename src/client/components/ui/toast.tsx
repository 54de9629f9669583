/**
 * Toasts as the spec's notification toasts behave (customer-site §9 and its constants): one
 * at a time (a new one replaces the one showing), shown for 5000 ms (paused while pointed at
 * or focused), dismissed by its close button or by a swipe to the right of at least 50 px, at
 * most 420 px wide, and F8 moves the keyboard focus to them. They sit at the bottom, above
 * the floating cart, so they never cover the top bar's Cart and Track buttons on a phone; while
 * a dialog is open they sit at the top instead, so they never cover its buttons (a bottom sheet
 * on a phone has them at the bottom) and a tap meant for one never lands on a toast. A printed
 * page leaves them out.
 *
 * `toast.success(title, { description })`, `toast.error(...)`, `toast.info(...)`, `toast(...)`.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { onDemand, useOnDemandComponent } from '#client/lib/on-demand.ts';
import { snapshot, subscribe } from './toast-store.ts';

export { toast } from './toast-store.ts';

/**
 * A toast itself (its look, timer and swipe) is not part of the first paint (decision 016): the
 * list, the live region and F8 are there from the start, and the toast's code is fetched when the
 * page is idle (prefetched) or with the first toast, without Suspense (useOnDemandComponent).
 */
const toastItem = onDemand(() => import('./toast-item.tsx'));
const pickToastItem = (module: typeof import('./toast-item.tsx')) => module.default;

const TOAST_HOTKEY = 'F8';

export function Toaster() {
  const list = useSyncExternalStore(subscribe, snapshot, snapshot);
  const viewport = useRef<HTMLOListElement>(null);
  const Item = useOnDemandComponent(toastItem, pickToastItem, list.length > 0);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) viewport.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    // A printed page (the receipt) carries no toasts.
    <section aria-label={`Notifications (${TOAST_HOTKEY})`} className="print:hidden">
      {/* The list is the live region: it is there before any toast, so each new one is read. */}
      <ol
        ref={viewport}
        tabIndex={-1}
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-24 z-[100] mx-auto flex w-full max-w-[420px] flex-col gap-2 px-4 outline-none dialog-open:top-[max(0.5rem,env(safe-area-inset-top))] dialog-open:bottom-auto"
      >
        {Item ? list.map((entry) => <Item key={entry.id} entry={entry} />) : null}
      </ol>
    </section>
  );
}
