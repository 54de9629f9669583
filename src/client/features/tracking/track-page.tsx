import { ArrowLeft, SearchX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/form-fields.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { SOLID_EMBER } from '#client/components/customer/solid-ember.ts';
import { PageTopBar } from '#client/components/customer/page-top-bar.tsx';
import { useQueryClient } from '@tanstack/react-query';
import type { TrackedByNumber } from '#shared/orders/order.schema.ts';
import { displayStatus } from '#shared/orders/order-states.ts';
import { fireOrderReadyAlert } from '../notifications/index.ts';
import {
  ORDER_NUMBER_REQUIRED,
  trackOrderQuery,
  useTrackedOrder,
} from './api/track-order-query.ts';
import { useTrackedOrderLive } from './use-tracked-order-live.ts';
import { TrackedOrderCard } from './components/tracked-order-card.tsx';
import { useShopTitle } from '#client/lib/shop/use-shop-title.ts';

/** What a customer may type: "123", " 123 " or "#123" all mean order 123. */
function cleanOrderNumber(value: string): string {
  return value.trim().replace(/^#\s*/, '');
}

/** Spec customer-site §2 "Order tracking page": look an order up by its number. */
export function TrackPage() {
  useShopTitle('Track Your Order');
  const [input, setInput] = useState('');
  // The number last asked for; the lookup runs only on demand (spec §7).
  const [submitted, setSubmitted] = useState<string | null>(null);
  const tracked = useTrackedOrder(submitted);
  const number = cleanOrderNumber(input);
  const blank = number === '';
  const queryClient = useQueryClient();

  // The order shown follows the kitchen live (DESIGN.md departure 11), a done one too: the
  // kitchen's Recall brings it back to ready.
  const followed =
    tracked.data && tracked.data.status !== 'cancelled' ? tracked.data.orderNumber : null;
  useTrackedOrderLive(
    followed,
    (event) => {
      if (submitted === null) return;
      const key = trackOrderQuery(submitted).queryKey;
      const before = queryClient.getQueryData<TrackedByNumber>(key);
      if (!before) return;
      // Shown at once; the read that follows brings the kitchen's times.
      queryClient.setQueryData<TrackedByNumber>(key, {
        ...before,
        status: event.status as TrackedByNumber['status'],
        kitchenStatus: event.kitchenStatus as TrackedByNumber['kitchenStatus'],
        kitchenEstimatedTime: event.kitchenEstimatedTime,
      });
      const wasReady = displayStatus(before.status, before.kitchenStatus) === 'ready';
      if (!wasReady && displayStatus(event.status, event.kitchenStatus) === 'ready') {
        fireOrderReadyAlert({
          orderId: `number-${before.orderNumber}`,
          orderNumber: before.orderNumber,
        });
      }
      void tracked.refetch();
    },
    () => void tracked.refetch(),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    if (number === submitted) void tracked.refetch();
    else setSubmitted(number);
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <PageTopBar showBackLink={false} />
      <main className="flex-1">
        <section className="bg-char-900 pb-10 text-white">
          <div className="mx-auto max-w-3xl px-4 pt-4">
            <p className="w-fit rounded-full bg-mustard-400 px-3 py-1 text-xs font-extrabold tracking-widest text-char-900 uppercase">
              Pickup at the truck
            </p>
            <h1 className="mt-3 font-display text-4xl leading-none uppercase sm:text-5xl">
              Track Your Order
            </h1>
            <p className="mt-3 max-w-md text-white/80">
              Enter the order number you got after paying to see how the kitchen is doing.
            </p>
            <form
              onSubmit={onSubmit}
              className="mt-6 flex flex-col gap-3"
              aria-label="Track an order"
            >
              <label htmlFor="track-order-number" className="text-sm font-bold">
                Order number
              </label>
              <div className="flex gap-3">
                <Input
                  id="track-order-number"
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  enterKeyHint="search"
                  placeholder="e.g. 1042"
                  value={input}
                  onChange={(event) => setInput(event.target.value)}
                  className="h-14 min-w-0 flex-1 text-xl font-bold tracking-wider"
                />
                <Button
                  type="submit"
                  size="lg"
                  disabled={blank}
                  className={`${SOLID_EMBER} h-14 shrink-0 px-8 disabled:bg-white/15 disabled:text-white/60`}
                >
                  Track
                </Button>
              </div>
            </form>
            <Button asChild variant="ghost" className="mt-4 -ml-3 text-white hover:bg-white/10">
              <Link to="/">
                <ArrowLeft aria-hidden className="size-5" />
                Back to Menu
              </Link>
            </Button>
          </div>
        </section>
        <div className="mx-auto -mt-4 max-w-3xl px-4 pb-16" aria-live="polite">
          {submitted !== null &&
            (tracked.isFetching && !tracked.data ? (
              <Spinner label="Looking up your order" className="rounded-3xl bg-white shadow-sm" />
            ) : tracked.data ? (
              // A live re-read that fails (offline for a moment) keeps what was shown.
              <TrackedOrderCard order={tracked.data} />
            ) : tracked.isError ? (
              <TrackError number={submitted} message={tracked.error.message} />
            ) : null)}
        </div>
      </main>
    </div>
  );
}

function TrackError({ number, message }: { number: string; message: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-2 rounded-3xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-char-900/5"
    >
      <SearchX aria-hidden className="size-10 text-ember-700" />
      {message === ORDER_NUMBER_REQUIRED ? (
        <p className="text-xl font-extrabold">{ORDER_NUMBER_REQUIRED}</p>
      ) : (
        <>
          <p className="text-xl font-extrabold">Order #{number} not found</p>
          <p className="text-char-700">Please check your order number and try again.</p>
        </>
      )}
    </div>
  );
}
