import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Clock, Info, LoaderCircle, Lock, ShoppingBag, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError, errorMessage } from '#client/lib/api-client.ts';
import { cx } from '#client/lib/class-names.ts';
import { useCart } from '../cart/index.ts';
import { useLiveShopStatus } from '#client/lib/shop/use-live-shop-status.ts';
import { SHOP_STATUS_KEY, useOrderingState, useShopInfo } from '#client/lib/shop/shop-queries.ts';
import { ClosedBanner } from '#client/components/customer/closed-banner.tsx';
import { PausedBanner } from '#client/components/customer/paused-banner.tsx';
import { cartItemCount, cartPrepUnits, cartTotalCents } from '#shared/cart/cart.ts';
import type { CheckoutForm } from '#shared/checkout/checkout.schema.ts';
import { formatEuroCents } from '#shared/money.ts';
import { preparationLabel } from '#shared/online-ordering/online-ordering-rules.ts';
import { MISSING_PAYMENT_URL, useCreatePayment } from './api/create-payment.ts';
import { saveCustomerDraft } from './customer-draft.ts';
import { CHECKOUT_FORM_ID, CheckoutFormSection } from './components/checkout-form.tsx';
import { OrderSummary, TableBadge } from './components/order-summary.tsx';
import { SOLID_EMBER } from '#client/components/customer/solid-ember.ts';
import { PageTopBar } from '#client/components/customer/page-top-bar.tsx';
import { confirmationPath } from './confirmation-path.ts';
import { LazyPaymentSuccessDialog } from './components/lazy-payment-success-dialog.tsx';
import { buildPaymentRequest, PICKUP_DELIVERY_FEE_CENTS } from './payment-request.ts';
import { clearPresetTable, loadPresetTable } from './table-preset.ts';
import { usePaymentReturn, type PaidOrder } from './use-payment-return.ts';
import { useShopTitle } from '#client/lib/shop/use-shop-title.ts';
import { menuItemsQuery } from '#client/lib/shop/menu-queries.ts';
import { formatShopDay, pickupAtText } from '#client/lib/customer-date-time.ts';
import { PICKUP_SLOTS_KEY, usePickupSlots } from './api/pickup-slots-query.ts';
import { PickupTimeChooser } from './components/pickup-time-chooser.tsx';
import {
  shopDayOf,
  slotRefusalOf,
  slotsOnDay,
  type PickupChoice,
  type SlotRefusal,
} from './pickup-time.ts';

/** Spec customer-site §8: the server's `error` field, else a generic line. */
function paymentErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error, 'Failed to create payment');
  if (error instanceof Error && error.message === MISSING_PAYMENT_URL) return MISSING_PAYMENT_URL;
  return 'Failed to create payment';
}

export function CheckoutPage() {
  useShopTitle('Checkout');
  const { paidOrder, dismissPaidOrder, unpaidNotice, dismissUnpaidNotice } = usePaymentReturn();
  // Set by the table page (its QR code): the order is served at that table.
  const [tableNumber, setTableNumber] = useState(loadPresetTable);
  const menuPath = tableNumber ? '/table' : '/';
  return (
    <CheckoutLayout backTo={menuPath}>
      {paidOrder ? (
        <PaidView paidOrder={paidOrder} onDone={dismissPaidOrder} />
      ) : (
        <CheckoutView
          returnNotice={unpaidNotice}
          onDismissReturnNotice={dismissUnpaidNotice}
          tableNumber={tableNumber}
          onPickupInstead={() => {
            clearPresetTable();
            setTableNumber(null);
          }}
        />
      )}
    </CheckoutLayout>
  );
}

function CheckoutLayout({ backTo, children }: { backTo: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <PageTopBar backTo={backTo} />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-16 sm:pt-10">{children}</main>
    </div>
  );
}

function CheckoutHeading({ tableNumber }: { tableNumber: string | null }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="font-display text-4xl uppercase sm:text-5xl">Checkout</h1>
        {tableNumber && <TableBadge tableNumber={tableNumber} />}
      </div>
      <p className="mt-2 text-char-700">
        Almost there. Tell us who the order is for, then pay by card.
      </p>
    </>
  );
}

/**
 * What the checkout shows before the cart and the shop's state are known: its bar and heading,
 * the first screen written into /checkout's HTML at build time (src/client/prerender).
 */
export function CheckoutFrame() {
  return (
    <CheckoutLayout backTo="/">
      <CheckoutHeading tableNumber={null} />
    </CheckoutLayout>
  );
}

interface CheckoutViewProps {
  /** Back from the payment page without paying (cancelled, failed, timed out). */
  returnNotice: PageNotice | null;
  onDismissReturnNotice: () => void;
  tableNumber: string | null;
  onPickupInstead: () => void;
}

function CheckoutView({
  returnNotice,
  onDismissReturnNotice,
  tableNumber,
  onPickupInstead,
}: CheckoutViewProps) {
  const lines = useCart((state) => state.lines);
  const ordering = useOrderingState();
  useLiveShopStatus();
  const shopInfo = useShopInfo();
  const createPayment = useCreatePayment();
  const queryClient = useQueryClient();
  // After a successful answer the browser is leaving for the payment page: stay busy until it does.
  const [redirecting, setRedirecting] = useState(false);
  // A failed attempt to start the payment stays on the page, not only in a 5 s toast.
  const [paymentProblem, setPaymentProblem] = useState<PageNotice | null>(null);
  const notice = paymentProblem ?? returnNotice;

  const subtotalCents = cartTotalCents(lines);
  const totalCents = subtotalCents + PICKUP_DELIVERY_FEE_CENTS;
  // Spec §4 "Shop open/closed": treated as open until the server says otherwise. A pause of
  // online orders (decision 014) blocks ordering the same way.
  const { isClosed, isPaused, canOrder, pausedMessage, preparationMinutes } = ordering;
  // Closed, the website takes pre-orders for a slot of the next opening (decision 026); a
  // table's order is for now.
  const preOrderDate = tableNumber ? null : ordering.preOrderDate;
  const canPlace = canOrder || preOrderDate !== null;
  const busy = createPayment.isPending || redirecting;

  // Pickup times (decision 026): the quote and the slots are for the cart's prep units, which
  // the cart does not keep: they come from the menu (read once here, not polled). Without the
  // menu, one unit an item.
  const menu = useQuery({ ...menuItemsQuery(), refetchInterval: false });
  const units = menu.data
    ? cartPrepUnits(lines, menu.data)
    : menu.isError
      ? cartItemCount(lines)
      : undefined;
  const pickupSlots = usePickupSlots(totalCents > 0 ? units : undefined, preOrderDate);
  const asapMinutes = pickupSlots.data?.asapMinutes;
  const timeZone = ordering.status?.timeZone;
  const [pickupChoice, setPickupChoice] = useState<PickupChoice>({ mode: 'asap' });
  const [refusal, setRefusal] = useState<SlotRefusal | null>(null);
  const [missingSlot, setMissingSlot] = useState(false);
  // The slot picked, while it is still offered (a slot passes, or fills, between two reads).
  const offeredSlots = refusal ? refusal.nextSlots : pickupSlots.data?.slots;
  const later = !tableNumber && (preOrderDate !== null || pickupChoice.mode === 'later');
  const chosenSlot =
    later && pickupChoice.mode === 'later'
      ? offeredSlots?.find((slot) => slot.start === pickupChoice.slot && slot.available)
      : undefined;
  const pickupAt = chosenSlot?.start ?? null;

  if (totalCents <= 0) return <EmptyCart menuPath={tableNumber ? '/table' : '/'} />;

  const choosePickup = (choice: PickupChoice) => {
    setPickupChoice(choice);
    setMissingSlot(false);
  };

  const placeOrder = (values: CheckoutForm) => {
    if (busy || !canPlace) return;
    if (later && !pickupAt) {
      setMissingSlot(true);
      return;
    }
    saveCustomerDraft(values);
    setPaymentProblem(null);
    onDismissReturnNotice();
    createPayment.mutate(buildPaymentRequest(values, lines, tableNumber, pickupAt), {
      onSuccess: (paymentUrl) => {
        setRedirecting(true);
        window.location.assign(paymentUrl);
      },
      onError: (error) => {
        // 409: the shop closed or paused online orders since the status was read; show it
        // without waiting a minute.
        if (error instanceof ApiError && error.status === 409) {
          void queryClient.invalidateQueries({ queryKey: SHOP_STATUS_KEY });
        }
        // The slot filled up or passed (decision 026): say so at the slots and offer the next
        // free ones of today, none picked; the list behind them is read again.
        const refused = slotRefusalOf(error);
        if (refused && pickupAt && timeZone) {
          setRefusal({
            message: refused.message,
            nextSlots: slotsOnDay(refused.nextSlots, shopDayOf(pickupAt, timeZone), timeZone),
          });
          setPickupChoice({ mode: 'later', slot: null });
          void queryClient.invalidateQueries({ queryKey: [PICKUP_SLOTS_KEY] });
          // No toast: the message is at the slots (an alert, scrolled into sight), where the
          // customer chooses again; a toast over the form would say it twice.
          return;
        }
        const description = paymentErrorMessage(error);
        toast.error('Order Failed', { description });
        setPaymentProblem({ kind: 'error', title: 'Order Failed', description });
      },
    });
  };

  return (
    <>
      {/* At the top of the form too: the Place Order button is far down on a phone. */}
      {(isClosed || pausedMessage) && (
        <div className="mb-6 flex flex-col gap-3">
          {pausedMessage && <PausedBanner message={pausedMessage} layout="card" />}
          {isClosed && ordering.status && (
            <div className="overflow-hidden rounded-2xl">
              <ClosedBanner status={ordering.status} />
            </div>
          )}
        </div>
      )}
      {notice && (
        <PaymentNotice
          notice={notice}
          onDismiss={() => {
            setPaymentProblem(null);
            onDismissReturnNotice();
          }}
        />
      )}
      <CheckoutHeading tableNumber={tableNumber} />
      {tableNumber && (
        <p className="mt-1 text-sm text-char-700">
          Not at table {tableNumber}?{' '}
          <button
            type="button"
            disabled={busy}
            className="min-h-11 font-semibold text-ember-700 underline underline-offset-4"
            onClick={onPickupInstead}
          >
            Pick it up at the truck instead
          </button>
        </p>
      )}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:gap-8">
        <CheckoutFormSection
          pickupAddress={shopInfo.data?.address}
          tableNumber={tableNumber}
          disabled={busy}
          onValidSubmit={placeOrder}
          pickupTime={
            canPlace && (
              <PickupTimeChooser
                asapMinutes={asapMinutes}
                fallbackLabel={preparationLabel(preparationMinutes)}
                slots={pickupSlots.data?.slots}
                slotsFailed={pickupSlots.isError}
                timeZone={timeZone}
                choice={pickupChoice}
                onChoiceChange={choosePickup}
                refusal={refusal}
                onShowAllTimes={() => setRefusal(null)}
                missingSlot={missingSlot}
                disabled={busy}
                preOrderDate={preOrderDate}
              />
            )
          }
        />
        <div className="lg:sticky lg:top-24">
          <OrderSummary
            lines={lines}
            subtotalCents={subtotalCents}
            deliveryFeeCents={PICKUP_DELIVERY_FEE_CENTS}
            totalCents={totalCents}
            tableNumber={tableNumber}
          >
            <div className="mt-5 flex flex-col gap-3">
              <Button
                type="submit"
                form={CHECKOUT_FORM_ID}
                size="lg"
                disabled={busy || !canPlace}
                aria-describedby={
                  isClosed && !preOrderDate
                    ? 'checkout-closed'
                    : isPaused
                      ? 'checkout-paused'
                      : undefined
                }
                className={`${SOLID_EMBER} h-16 w-full text-xl shadow-lg shadow-ember-900/25`}
              >
                {busy ? (
                  <>
                    <LoaderCircle aria-hidden className="size-6 animate-spin" />
                    {redirecting ? 'Going to payment…' : 'Placing order…'}
                  </>
                ) : preOrderDate ? (
                  `Place Pre-order · ${formatEuroCents(totalCents)}`
                ) : isClosed ? (
                  'Shop Closed - Cannot Order'
                ) : (
                  `Place Order · ${formatEuroCents(totalCents)}`
                )}
              </Button>
              {isClosed && !preOrderDate ? (
                <p id="checkout-closed" role="alert" className="text-center font-bold text-red-700">
                  Sorry, the shop is closed.
                </p>
              ) : pausedMessage ? (
                // The banner at the top is the live region; this one only describes the button.
                <p id="checkout-paused" className="text-center font-bold text-red-700">
                  {pausedMessage}
                </p>
              ) : (
                <>
                  <p className="flex items-center justify-center gap-1.5 font-semibold text-char-900">
                    <Clock aria-hidden className="size-4.5 text-ember-700" />
                    {quoteLine({
                      tableNumber,
                      asapMinutes,
                      pickupAt,
                      preOrderDate,
                      timeZone,
                      fallback: preparationLabel(preparationMinutes),
                    })}
                  </p>
                  <p className="flex items-center justify-center gap-1.5 text-sm text-char-700">
                    <Lock aria-hidden className="size-4" />
                    You pay on the next page, secured by our card provider.
                  </p>
                </>
              )}
            </div>
          </OrderSummary>
        </div>
      </div>
    </>
  );
}

/**
 * When the order will be ready, under Place Order: the chosen slot, else the kitchen queue's
 * quote (decision 026); the shop's usual preparation time while the quote loads or if it fails.
 */
function quoteLine({
  tableNumber,
  asapMinutes,
  pickupAt,
  preOrderDate,
  timeZone,
  fallback,
}: {
  tableNumber: string | null;
  asapMinutes: number | undefined;
  pickupAt: string | null;
  preOrderDate: string | null;
  timeZone: string | undefined;
  fallback: string;
}): string {
  const minutes = asapMinutes === undefined ? null : `${asapMinutes} minutes`;
  if (tableNumber) return `At your table in about ${minutes ?? fallback}`;
  if (pickupAt && timeZone) return pickupAtText(pickupAt, timeZone);
  if (preOrderDate) return `Pre-order for pickup on ${formatShopDay(preOrderDate)}`;
  return minutes ? `Ready in about ${minutes}` : `Ready for pickup in about ${fallback}`;
}

interface PageNotice {
  kind: 'default' | 'success' | 'error';
  title: string;
  description: string;
}

/** What went wrong with the last payment, kept on the page until the next try or a close. */
function PaymentNotice({ notice, onDismiss }: { notice: PageNotice; onDismiss: () => void }) {
  const error = notice.kind === 'error';
  return (
    <section
      aria-labelledby="payment-notice-title"
      data-testid="payment-notice"
      className={cx(
        'mb-6 flex items-start gap-3 rounded-2xl border-l-4 bg-white p-4 shadow-sm ring-1 ring-char-900/10',
        error ? 'border-red-700' : 'border-char-700',
      )}
    >
      {error ? (
        <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-700" />
      ) : (
        <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-char-700" />
      )}
      <div className="min-w-0 flex-1">
        <h2 id="payment-notice-title" className="font-bold">
          {notice.title}
        </h2>
        <p className="mt-0.5 text-char-700">{notice.description}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss message"
        className="-mt-2 -mr-2 grid size-11 shrink-0 place-items-center rounded-full text-char-700 hover:bg-char-900/5"
      >
        <X aria-hidden className="size-5" />
      </button>
    </section>
  );
}

function EmptyCart({ menuPath }: { menuPath: string }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-3xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-char-900/5">
      <span
        className="grid size-16 place-items-center rounded-full bg-ember-100 text-ember-700"
        aria-hidden
      >
        <ShoppingBag className="size-8" />
      </span>
      <h1 className="font-display text-3xl uppercase">Your cart is empty</h1>
      <p className="text-char-700">Pick something tasty from the menu first.</p>
      <Button asChild size="lg" className={`${SOLID_EMBER} mt-2`}>
        <Link to={menuPath}>Return to Menu</Link>
      </Button>
    </section>
  );
}

/** After a successful payment: the Order Complete dialog, and a calm page under it. */
function PaidView({ paidOrder, onDone }: { paidOrder: PaidOrder; onDone: () => void }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const goHome = () => {
    onDone();
    void navigate('/');
  };
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-3xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-char-900/5">
      <h1 className="font-display text-3xl uppercase">Thank you!</h1>
      <p className="text-char-700">
        Your payment went through. We'll have your order ready at the truck.
      </p>
      <div className="mt-2 flex w-full flex-col gap-3">
        {paidOrder.orderId && (
          <Button asChild size="lg" className={SOLID_EMBER}>
            <Link to={confirmationPath(paidOrder.orderId)}>View order status</Link>
          </Button>
        )}
        <Button variant="outline" size="lg" onClick={goHome}>
          Back to Menu
        </Button>
      </div>
      <LazyPaymentSuccessDialog
        paidOrder={paidOrder}
        open={open}
        onOpenChange={setOpen}
        onContinue={goHome}
      />
    </section>
  );
}
