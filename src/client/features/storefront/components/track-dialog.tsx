import { ArrowRight, Clock, Hash, LoaderCircle, MailCheck, SearchX, WifiOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { Field, Input } from '#client/components/ui/form-fields.tsx';
import { cn } from '#client/lib/utils.ts';
import { formatCustomerDateTime } from '#client/lib/customer-date-time.ts';
import { eurosToCents, formatEuroCents } from '#shared/money.ts';
import type { TrackByEmailAnswer } from '#shared/orders/order.schema.ts';
import { fireOrderReadyAlert, useOrderLiveStatus } from '../../notifications/index.ts';
import { presentStatus, type StatusPresentation } from '#shared/orders/order-states.ts';
import {
  ORDERS_NOT_FOUND,
  TOO_MANY_SEARCHES,
  useOrdersByEmail,
} from '../api/track-by-email-query.ts';

/** While the socket is down, the results are re-read this often. */
const TRACK_POLL_MS = 15_000;
/** The newest orders of the list are followed live (a socket may follow 20). */
const FOLLOWED_AT_MOST = 10;

interface TrackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec customer-site §2 "Track Your Meal dialog", §4 order status, §5 validation. */
export function TrackDialog({ open, onOpenChange }: TrackDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Track Your Meal"
        description="Enter the e-mail address you used when ordering."
        onOpenAutoFocus={(event) => {
          // The one field of the dialog: ready to type. Moved here rather than `autoFocus`, which
          // took the focus before DialogContent noted the opener, so Escape left the keyboard at
          // the top of the page instead of on Track Your Meal (WCAG 2.4.3).
          event.preventDefault();
          document.getElementById('track-email')?.focus();
        }}
      >
        <TrackForm />
      </DialogContent>
    </Dialog>
  );
}

function TrackForm() {
  const [email, setEmail] = useState('');
  /** The address last searched; null until the first search (the lookup is on demand only). */
  const [submitted, setSubmitted] = useState<string | null>(null);
  const answer = useOrdersByEmail(submitted);
  /** Only the orders this browser placed are listed (docs/decisions/020). */
  const listed = answer.data?.orders;
  // Spec §4 with DESIGN.md departure 11: follow the orders live whatever the notification
  // permission: refetch the list on each update and fire the ready alert when one turns
  // ready. A done order is followed too: the kitchen's Recall brings it back to ready.
  const followedIds = (listed ?? [])
    .filter((order) => order.status !== 'cancelled')
    .slice(0, FOLLOWED_AT_MOST)
    .map((order) => order.id);
  useOrderLiveStatus(
    followedIds,
    (update) => {
      const before = listed?.find((order) => order.id === update.orderId);
      if (update.status === 'ready' && before && before.status !== 'ready') {
        fireOrderReadyAlert({ orderId: update.orderId, orderNumber: before.orderNumber });
      }
      void answer.refetch();
    },
    () => void answer.refetch(),
    // A look-up by e-mail is limited to 20 a minute per address: poll gently.
    TRACK_POLL_MS,
  );
  const trimmed = email.trim();
  const searching = answer.isFetching;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || searching) return;
    if (trimmed === submitted) void answer.refetch();
    else setSubmitted(trimmed);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain px-5 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))]">
      {/* noValidate: any non-blank address is looked up; an unknown one simply finds nothing. */}
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Field id="track-email" label="Email address">
          <Input
            id="track-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            enterKeyHint="search"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <Button
          type="submit"
          size="lg"
          variant="dark"
          disabled={!trimmed || searching}
          aria-busy={searching}
          className="w-full"
        >
          {/* The name stays "Track"; the spinner shows the search is running. */}
          {searching && <LoaderCircle aria-hidden className="size-5 animate-spin" />}
          Track
        </Button>
      </form>

      <div aria-live="polite" className="mt-5 flex flex-col gap-3">
        {submitted !== null && !searching && answer.isError && <LookupError error={answer.error} />}
        {submitted !== null && !searching && answer.data?.emailed && (
          <LinksEmailed email={submitted} />
        )}
        {submitted !== null &&
          !searching &&
          answer.data &&
          !answer.data.emailed &&
          answer.data.orders.length === 0 && <NoOrders onThisDevice />}
        {listed && listed.length > 0 && (
          <ul
            aria-label="Your orders"
            className={cn('flex flex-col gap-3', searching && 'opacity-60')}
          >
            {listed.map((order) => (
              <TrackedOrderCard key={order.id} order={order} />
            ))}
          </ul>
        )}
      </div>

      <Link
        to="/track"
        className="mt-5 flex min-h-11 items-center justify-center gap-2 rounded-full text-sm font-bold text-ember-700 underline-offset-4 hover:underline"
      >
        <Hash aria-hidden className="size-4" />
        Track by order number
      </Link>
    </div>
  );
}

/**
 * Docs/decisions/020: the answer is the same whether or not the address has orders, so the
 * dialog cannot say which; the links went to the address itself.
 */
function LinksEmailed({ email }: { email: string }) {
  return (
    <div role="status" className="flex gap-3 rounded-2xl bg-white p-4 ring-1 ring-char-900/10">
      <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-ember-600" />
      <div>
        <p className="font-extrabold">Check your inbox</p>
        <p className="mt-1 text-sm text-char-700">
          If there are orders for <span className="font-bold break-words">{email}</span>, we have
          e-mailed you a link to each of them.
        </p>
        <p className="mt-1 text-sm text-char-700">
          Nothing after a few minutes? Look in your spam folder, and make sure you entered the email
          address used when placing your order.
        </p>
      </div>
    </div>
  );
}

function NoOrders({ onThisDevice = false }: { onThisDevice?: boolean }) {
  return (
    <div role="status" className="flex gap-3 rounded-2xl bg-white p-4 ring-1 ring-char-900/10">
      <SearchX aria-hidden className="mt-0.5 size-5 shrink-0 text-ember-600" />
      <div>
        <p className="font-extrabold">
          {onThisDevice
            ? 'No orders found for this email on this device'
            : 'No orders found for this email'}
        </p>
        <p className="mt-1 text-sm text-char-700">
          Make sure you entered the correct email address used when placing your order.
        </p>
        {onThisDevice && (
          <p className="mt-1 text-sm text-char-700">
            Ordered on another phone or computer? Track it by its order number.
          </p>
        )}
      </div>
    </div>
  );
}

function LookupError({ error }: { error: Error }) {
  // Spec §8: a non-OK answer means "Orders not found". Anything else (offline, say) is not
  // the customer's fault and should not tell them their e-mail is wrong.
  if (error.message === ORDERS_NOT_FOUND) return <NoOrders />;
  if (error.message === TOO_MANY_SEARCHES) {
    return (
      <div role="alert" className="flex gap-3 rounded-2xl bg-white p-4 ring-1 ring-char-900/10">
        <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-ember-700" />
        <div>
          <p className="font-extrabold">Too many searches</p>
          <p className="mt-1 text-sm text-char-700">Please wait a minute and try again.</p>
        </div>
      </div>
    );
  }
  return (
    <div role="alert" className="flex gap-3 rounded-2xl bg-white p-4 ring-1 ring-char-900/10">
      <WifiOff aria-hidden className="mt-0.5 size-5 shrink-0 text-red-700" />
      <div>
        <p className="font-extrabold">We couldn't check your orders</p>
        <p className="mt-1 text-sm text-char-700">Check your connection and try again.</p>
      </div>
    </div>
  );
}

const toneClasses: Record<StatusPresentation['tone'], { box: string; pill: string }> = {
  yellow: {
    box: 'bg-yellow-50 text-yellow-950 ring-yellow-300',
    pill: 'bg-yellow-300 text-yellow-950',
  },
  blue: { box: 'bg-blue-50 text-blue-950 ring-blue-200', pill: 'bg-blue-600 text-white' },
  // White on green-600 is 3.2:1; green-700 is 4.9:1 (WCAG 2.1 AA 1.4.3; checked by
  // tests/e2e/accessibility-every-page.spec.ts in the Ready state).
  green: { box: 'bg-green-50 text-green-950 ring-green-300', pill: 'bg-green-700 text-white' },
  grey: { box: 'bg-stone-100 text-stone-800 ring-stone-200', pill: 'bg-stone-500 text-white' },
  red: { box: 'bg-red-50 text-red-950 ring-red-200', pill: 'bg-red-700 text-white' },
  neutral: { box: 'bg-white text-char-900 ring-char-900/10', pill: 'bg-char-900 text-white' },
};

function formatTotal(total: string): string {
  try {
    return formatEuroCents(eurosToCents(total));
  } catch {
    return `€${total}`;
  }
}

function TrackedOrderCard({ order }: { order: TrackByEmailAnswer['orders'][number] }) {
  const presentation = presentStatus(order.status);
  const tone = toneClasses[presentation.tone];
  const estimate = order.kitchenEstimatedTime;
  return (
    <li
      aria-label={`Order #${order.orderNumber}`}
      data-status={order.status}
      className="overflow-hidden rounded-2xl bg-white ring-1 ring-char-900/10"
    >
      <div className="flex items-start justify-between gap-3 px-4 pt-4">
        <div>
          <p className="font-display text-lg leading-tight">Order #{order.orderNumber}</p>
          <p className="text-xs text-char-700">
            <time dateTime={order.createdAt}>{formatCustomerDateTime(order.createdAt)}</time>
          </p>
        </div>
        <span
          className={cn(
            'shrink-0 rounded-full px-2.5 py-1 text-xs font-extrabold uppercase',
            tone.pill,
          )}
        >
          {presentation.label}
        </span>
      </div>
      {presentation.message && (
        <div
          className={cn('mx-4 mt-3 rounded-xl px-3 py-2 text-sm font-semibold ring-1', tone.box)}
        >
          <p>{presentation.message}</p>
          {order.status === 'preparing' && estimate !== null && (
            <p className="mt-0.5 font-normal">
              Estimated time: {estimate} {estimate === 1 ? 'minute' : 'minutes'}.
            </p>
          )}
        </div>
      )}
      <ul className="mt-3 flex flex-col gap-0.5 px-4 text-sm">
        {order.items.map((item, index) => (
          <li key={index}>
            {item.quantity}× {item.name}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex items-center justify-between gap-3 border-t border-char-900/10 px-4 py-2">
        <p className="font-extrabold tabular-nums">{formatTotal(order.total)}</p>
        <Link
          to={`/order-confirmation?orderId=${encodeURIComponent(order.id)}`}
          className="flex min-h-11 items-center gap-1 text-sm font-bold text-ember-700 underline-offset-4 hover:underline"
        >
          View order
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
    </li>
  );
}
