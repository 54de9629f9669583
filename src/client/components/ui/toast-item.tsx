/**
 * One toast (customer-site §9, toast.tsx): shown for 5000 ms, paused while pointed at or
 * focused, dismissed by its close button or a swipe to the right of at least 50 px.
 */
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cx } from '#client/lib/class-names.ts';
import { dismissToast as dismiss, type ToastEntry, type Tone } from './toast-store.ts';

const TOAST_DURATION_MS = 5000;
const TOAST_SWIPE_THRESHOLD_PX = 50;

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

export default function ToastItem({ entry }: { entry: ToastEntry }) {
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
        {/* Over a dialog a toast keeps to the toast room (styles.css): one line, two lines. */}
        <p className="font-bold dialog-open:line-clamp-1">{entry.title}</p>
        {entry.description ? (
          <p className="mt-0.5 text-sm text-char-700 dialog-open:line-clamp-2">
            {entry.description}
          </p>
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
