/**
 * Pause and busy mode (decision 014): the owner or the kitchen stops online orders
 * for a while, or adds minutes to the time customers are quoted. On the admin dashboard and
 * in the kitchen display's header; works at phone width (the rows wrap).
 */
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CirclePause, CirclePlay, Clock, Flame } from 'lucide-react';
import { useCallback, useState } from 'react';
import { BUSY_CHOICES } from '#shared/online-ordering/online-ordering.ts';
import { Dialog, DialogContent, DialogTrigger } from '#client/components/ui/dialog.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useLiveSocket } from '#client/lib/live-socket.ts';
import { cn } from '#client/lib/utils.ts';
import {
  usePauseOnlineOrders,
  useResumeOnlineOrders,
  useSetBusyMode,
} from './api/online-ordering-mutations.ts';
import { ONLINE_ORDERING_KEY, useOnlineOrdering } from './api/online-ordering-query.ts';
import {
  busyChoiceLabel,
  busyLabel,
  orderingStateLabel,
  PAUSE_OPTIONS,
  pauseChoiceLabel,
  quotedLabel,
} from './online-ordering-display.ts';
import { useRefetchWhenLifted } from '#client/lib/shop/use-refetch-when-lifted.ts';

/** The back office is light; the kitchen display is dark and read from two metres away. */
const TONES = {
  light: {
    section: 'rounded-2xl bg-white p-4 text-char-900 ring-1 ring-char-900/10',
    pill: 'px-3 py-1 text-base',
    taking: 'bg-emerald-100 text-emerald-900',
    paused: 'bg-amber-300 text-amber-950',
    busy: 'bg-ember-100 text-ember-800',
    muted: 'text-sm text-char-700',
    button: 'h-11 px-4 text-base',
    pause: 'bg-char-900 text-white hover:bg-char-800',
    resume: 'bg-emerald-700 text-white hover:bg-emerald-800',
    group: 'bg-char-900/5 ring-1 ring-char-900/10',
    segment: 'text-char-800 hover:bg-char-900/10',
    pressed: 'bg-ember-700 text-white hover:bg-ember-700',
  },
  dark: {
    section: 'rounded-xl bg-white/5 px-3 py-2 text-white ring-1 ring-white/10',
    pill: 'px-3 py-1 text-lg sm:px-4 sm:text-xl',
    taking: 'bg-emerald-500 text-emerald-950',
    paused: 'bg-amber-400 text-amber-950',
    busy: 'bg-ember-500 text-char-950',
    muted: 'text-base text-stone-300 sm:text-lg',
    button: 'h-12 px-4 text-base sm:h-14 sm:px-5 sm:text-xl',
    pause: 'bg-white/15 text-white hover:bg-white/25',
    resume: 'bg-emerald-500 text-emerald-950 hover:bg-emerald-400',
    group: 'bg-white/10',
    segment: 'text-white hover:bg-white/15',
    pressed: 'bg-mustard-400 text-char-950 hover:bg-mustard-400',
  },
} as const;

export interface OnlineOrderingControlsProps {
  /** 'dark' on the kitchen display. */
  tone?: keyof typeof TONES;
  /**
   * The controls open their own live socket for `shopChanged`. A screen with a socket of its
   * own passes false and refetches ONLINE_ORDERING_KEY itself (one socket per screen).
   */
  ownSocket?: boolean;
  className?: string;
}

export function OnlineOrderingControls({
  tone = 'light',
  ownSocket = true,
  className,
}: OnlineOrderingControlsProps) {
  const queryClient = useQueryClient();
  const query = useOnlineOrdering();
  const pause = usePauseOnlineOrders();
  const resume = useResumeOnlineOrders();
  const busy = useSetBusyMode();
  const [choosing, setChoosing] = useState(false);
  const styles = TONES[tone];

  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ONLINE_ORDERING_KEY }),
    [queryClient],
  );
  useLiveSocket({
    enabled: ownSocket,
    onMessage: (message) => {
      if (message.type === 'shopChanged') refetch();
    },
    onReconnect: refetch,
  });
  useRefetchWhenLifted(query.data, query.dataUpdatedAt, refetch);

  const state = query.data;
  const pending = pause.isPending || resume.isPending || busy.isPending;
  const disabled = !state || pending;
  const busyText = state ? busyLabel(state.busyExtraMinutes) : null;
  const button = cn(
    'inline-flex items-center justify-center gap-2 rounded-xl font-bold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    styles.button,
  );
  const pill = cn('inline-flex items-center gap-2 rounded-full font-bold', styles.pill);

  return (
    <section
      aria-label="Online ordering"
      className={cn('flex flex-wrap items-center gap-x-4 gap-y-3', styles.section, className)}
    >
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
        {state ? (
          <>
            <p role="status" className={cn(pill, state.paused ? styles.paused : styles.taking)}>
              {state.paused ? (
                <CirclePause aria-hidden className="size-5 shrink-0 sm:size-6" />
              ) : (
                <CircleCheck aria-hidden className="size-5 shrink-0 sm:size-6" />
              )}
              {orderingStateLabel(state)}
            </p>
            {busyText && (
              <p className={cn(pill, styles.busy)}>
                <Flame aria-hidden className="size-5 shrink-0" />
                {busyText}
              </p>
            )}
            <p className={cn('inline-flex items-center gap-1.5', styles.muted)}>
              <Clock aria-hidden className="size-4 shrink-0" />
              {quotedLabel(state.preparationMinutes)}
            </p>
          </>
        ) : query.isError ? (
          <p role="alert" className={cn('flex flex-wrap items-center gap-2', styles.muted)}>
            {errorMessage(query.error, 'Could not load online ordering')}
            <button
              type="button"
              onClick={() => void query.refetch()}
              className="min-h-11 font-bold underline underline-offset-4"
            >
              Retry
            </button>
          </p>
        ) : (
          <p role="status" className={styles.muted}>
            Online orders: loading…
          </p>
        )}
      </div>

      <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
        {state?.paused ? (
          <button
            type="button"
            disabled={disabled}
            onClick={() => resume.mutate()}
            className={cn(button, 'flex-1 sm:flex-none', styles.resume)}
          >
            <CirclePlay aria-hidden className="size-5 shrink-0 sm:size-6" />
            Resume online orders
          </button>
        ) : (
          <Dialog open={choosing} onOpenChange={setChoosing}>
            <DialogTrigger asChild>
              <button
                type="button"
                disabled={disabled}
                className={cn(button, 'flex-1 sm:flex-none', styles.pause)}
              >
                <CirclePause aria-hidden className="size-5 shrink-0 sm:size-6" />
                Pause online orders
              </button>
            </DialogTrigger>
            <DialogContent
              title="Pause online orders"
              description="Customers cannot order on the website or at the tables until the pause ends. The counter (POS) still sells."
            >
              <div className="grid grid-cols-2 gap-3 px-5 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))]">
                {PAUSE_OPTIONS.map((minutes) => (
                  <button
                    key={minutes ?? 'until-resumed'}
                    type="button"
                    disabled={pause.isPending}
                    onClick={() => pause.mutate(minutes, { onSuccess: () => setChoosing(false) })}
                    className="h-16 rounded-2xl bg-char-900 px-3 text-lg font-bold text-white transition-colors hover:bg-char-800 disabled:cursor-not-allowed disabled:opacity-60"
                  >
                    {pauseChoiceLabel(minutes)}
                  </button>
                ))}
              </div>
            </DialogContent>
          </Dialog>
        )}
        <div
          role="group"
          aria-label="Busy mode"
          className={cn('flex flex-1 gap-1 rounded-xl p-1 sm:flex-none', styles.group)}
        >
          {BUSY_CHOICES.map((extraMinutes) => {
            const pressed = state?.busyExtraMinutes === extraMinutes;
            return (
              <button
                key={extraMinutes}
                type="button"
                aria-pressed={pressed}
                disabled={disabled}
                onClick={() => {
                  if (!pressed) busy.mutate(extraMinutes);
                }}
                className={cn(
                  button,
                  'flex-1 rounded-lg px-3 sm:flex-none',
                  // The group's padding: a little lower than a lone button.
                  tone === 'dark' ? 'h-10 sm:h-12' : 'h-9',
                  pressed ? styles.pressed : styles.segment,
                )}
              >
                {busyChoiceLabel(extraMinutes)}
              </button>
            );
          })}
        </div>
      </div>
    </section>
  );
}
