import { CirclePause } from 'lucide-react';
import { cx } from '#client/lib/class-names.ts';

/**
 * Online orders are paused (decision 014): shown at the top of the page, with the
 * time they come back when the pause is timed. `bar` spans the page under the top bar like
 * the closed banner; `card` sits inside the page's column (checkout).
 */
export function PausedBanner({
  message,
  layout = 'bar',
}: {
  /** pausedMessage(resumesAt): "We're not taking online orders right now - back at 18:40". */
  message: string;
  layout?: 'bar' | 'card';
}) {
  return (
    <div
      role="status"
      className={cx('bg-mustard-400 text-char-950', layout === 'card' && 'rounded-2xl')}
    >
      <div
        className={cx(
          'flex items-center gap-3 py-3 font-bold',
          layout === 'bar' ? 'mx-auto max-w-6xl px-4' : 'px-4',
        )}
      >
        <CirclePause aria-hidden className="size-5 shrink-0" />
        <p>{message}</p>
      </div>
    </div>
  );
}
