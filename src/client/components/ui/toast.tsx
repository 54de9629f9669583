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
import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cx } from '../../lib/class-names.ts';

const TOAST_LIMIT = 1;
const TOAST_DURATION_MS = 5000;
const TOAST_SWIPE_THRESHOLD_PX = 50;
const TOAST_HOTKEY = 'F8';

type Tone = 'default' | 'success' | 'error' | 'info';

interface ToastOptions {
  description?: ReactNode;
}

interface ToastEntry {
  id: number;
  tone: Tone;
  title: ReactNode;
  description?: ReactNode;
}

let entries: ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ToastEntry[]) {
  entries = next;
  for (const listener of listeners) listener();
}

function show(tone: Tone, title: ReactNode, options?: ToastOptions): void {
  const id = nextId++;
  publish(
    [{ id, tone, title, description: options?.description }, ...entries].slice(0, TOAST_LIMIT),
  );
}

function dismiss(id: number) {
  publish(entries.filter((entry) => entry.id !== id));
}

export const toast = Object.assign(
  (title: ReactNode, options?: ToastOptions) => show('default', title, options),
  {
    success: (title: ReactNode, options?: ToastOptions) => show('success', title, options),
    error: (title: ReactNode, options?: ToastOptions) => show('error', title, options),
    info: (title: ReactNode, options?: ToastOptions) => show('info', title, options),
  },
);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => entries;

const TONES: Record<Tone, { icon: ReactNode; className: string }> = {
  default: { icon: null, className: 'border-char-900/10' },
  success: {
    icon: <CircleCheck aria-hidden className="size-5 shrink-0 text-green-700" />,
    className: 'border-green-700',
  },
  error: {
    icon: <CircleAlert aria-hidden className="size-5 shrink-0 text-red-700" />,
    className: 'border-red-700',
  },
  info: {
    icon: <Info aria-hidden className="size-5 shrink-0 text-sky-700" />,
    className: 'border-sky-700',
  },
};

function ToastItem({ entry }: { entry: ToastEntry }) {
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const swipe = useRef<{ pointerId: number; startX: number } | null>(null);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismiss(entry.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [entry.id, paused]);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    swipe.current = { pointerId: event.pointerId, startX: event.clientX };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (swipe.current?.pointerId !== event.pointerId) return;
    // Only to the right: a drag to the left does not move it.
    setOffset(Math.max(0, event.clientX - swipe.current.startX));
  };
  const endSwipe = (event: PointerEvent<HTMLLIElement>) => {
    if (swipe.current?.pointerId !== event.pointerId) return;
    const distance = event.clientX - swipe.current.startX;
    swipe.current = null;
    if (distance >= TOAST_SWIPE_THRESHOLD_PX) dismiss(entry.id);
    else setOffset(0);
  };

  const tone = TONES[entry.tone];
  return (
    <li
      data-tone={entry.tone}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endSwipe}
      onPointerCancel={() => {
        swipe.current = null;
        setOffset(0);
      }}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      style={{ transform: `translateX(${offset}px)`, opacity: offset ? 1 - offset / 200 : 1 }}
      className={cx(
        'pointer-events-auto flex w-full touch-pan-y items-start gap-3 rounded-2xl border-l-4 bg-white p-4 pr-10 text-char-900 shadow-xl ring-1 ring-char-900/10 select-none',
        'relative animate-toast-in motion-reduce:animate-none',
        offset === 0 && 'transition-transform',
        tone.className,
      )}
    >
      {tone.icon}
      <div className="min-w-0">
        <p className="font-bold">{entry.title}</p>
        {entry.description ? (
          <p className="mt-0.5 text-sm text-char-700">{entry.description}</p>
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Close notification"
        onClick={() => dismiss(entry.id)}
        className="absolute top-2 right-2 grid size-8 place-items-center rounded-full text-char-700 hover:bg-char-900/5 focus-visible:outline-2 focus-visible:outline-ember-700"
      >
        <X aria-hidden className="size-4" />
      </button>
    </li>
  );
}

export function Toaster() {
  const list = useSyncExternalStore(subscribe, snapshot, snapshot);
  const viewport = useRef<HTMLOListElement>(null);

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
        {list.map((entry) => (
          <ToastItem key={entry.id} entry={entry} />
        ))}
      </ol>
    </section>
  );
}
