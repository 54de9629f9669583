import { ArrowRight, CalendarClock, Clock, Lock, ShoppingBag, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import {
  cartLineTotalCents,
  cartPrepUnits,
  cartTotalCents,
  type CartLine,
} from '#shared/cart/cart.ts';
import { eurosToCents, formatEuroCents } from '#shared/money.ts';
import { cn } from '#client/lib/utils.ts';
import { formatShopDay } from '#client/lib/customer-date-time.ts';
import { useCart } from '../../cart/index.ts';
import { useVirtualPageView } from '#client/lib/page-views/page-view-reporter.ts';
import { useOrderingState } from '#client/lib/shop/shop-queries.ts';
import { useMenuItems } from '#client/lib/shop/menu-queries.ts';
import { useAsapQuote } from '../api/asap-quote-query.ts';
import { QuantityStepper } from './quantity-stepper.tsx';

// NOTE: white on ember-600 (the shared Button's primary) is 3.6:1, below WCAG AA for this
// text; the deeper ember-700 reads in sunlight. Remove once the shared variant changes.
const brandButton = 'bg-ember-700 hover:bg-ember-800';

/** Spec customer-site §2 "Cart dialog" and §4 "Cart". Open state lives in the cart store. */
/**
 * `table`: the cart of the table page, whose orders are for now, brought to the table: no
 * pre-orders, and the quote says "At your table" (decision 026).
 */
export function CartDialog({ table = false }: { table?: boolean } = {}) {
  const isOpen = useCart((state) => state.isOpen);
  const setOpen = useCart((state) => state.setOpen);
  const lines = useCart((state) => state.lines);
  const isEmpty = lines.length === 0;
  // The cart's opening is the funnel's second step (visitor analytics).
  useVirtualPageView('/cart', isOpen);

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogContent title={isEmpty ? 'Your Cart' : 'Your Order'}>
        {isEmpty ? (
          <EmptyCart onContinue={() => setOpen(false)} />
        ) : (
          <FilledCart lines={lines} table={table} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EmptyCart({ onContinue }: { onContinue: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-5 pt-8 pb-[max(1.5rem,env(safe-area-inset-bottom))] text-center">
      <div className="grid size-20 place-items-center rounded-full bg-ember-100 text-ember-700">
        <ShoppingBag aria-hidden className="size-9" />
      </div>
      <p className="text-lg font-extrabold">Your cart is empty</p>
      <p className="max-w-xs text-sm text-char-700">
        Smoked brisket, smash burgers, loaded fries: pick something tasty from the menu.
      </p>
      <Button size="lg" className={cn(brandButton, 'mt-3 w-full sm:w-auto')} onClick={onContinue}>
        Continue Shopping
      </Button>
    </div>
  );
}

/**
 * While closed, checkout is open for a pre-order of the next opening, but not at a table; while
 * open, the kitchen queue's quote for the cart (decision 026).
 */
function FilledCart({ lines, table }: { lines: CartLine[]; table: boolean }) {
  const setQuantity = useCart((state) => state.setQuantity);
  const removeLine = useCart((state) => state.removeLine);
  const clear = useCart((state) => state.clear);
  const setOpen = useCart((state) => state.setOpen);
  // Closed hours, or online orders paused (decision 014): no checkout.
  const { isClosed, canOrder, pausedMessage, preOrderDate: openingDay } = useOrderingState();
  const isShopOpen = !isClosed;
  const preOrderDate = table ? null : openingDay;
  const canCheckout = canOrder || preOrderDate !== null;
  const menuItems = useMenuItems();
  const quote = useAsapQuote(
    canOrder && menuItems.data ? cartPrepUnits(lines, menuItems.data) : undefined,
  );
  const navigate = useNavigate();
  const [confirmingClear, setConfirmingClear] = useState(false);
  const totalCents = cartTotalCents(lines);

  const checkout = () => {
    setOpen(false);
    void navigate('/checkout');
  };

  return (
    <>
      <ul
        aria-label="Items in your order"
        className="min-h-0 flex-1 divide-y divide-char-900/10 overflow-y-auto overscroll-contain px-5 pt-2"
      >
        {lines.map((line) => (
          <CartLineRow
            key={line.id}
            line={line}
            onQuantity={(quantity) => setQuantity(line.id, quantity)}
            onRemove={() => removeLine(line.id)}
          />
        ))}
      </ul>

      <div className="shrink-0 border-t border-char-900/10 bg-white px-5 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
        <dl className="flex flex-col gap-1 text-sm">
          <div className="flex justify-between">
            <dt className="text-char-700">Subtotal</dt>
            <dd data-testid="cart-subtotal" className="font-semibold tabular-nums">
              {formatEuroCents(totalCents)}
            </dd>
          </div>
          <div className="flex items-baseline justify-between text-lg">
            <dt className="font-extrabold">Total</dt>
            <dd data-testid="cart-total" className="font-extrabold tabular-nums">
              {formatEuroCents(totalCents)}
            </dd>
          </div>
        </dl>

        {confirmingClear ? (
          <div
            role="group"
            aria-labelledby="clear-cart-question"
            className="mt-4 rounded-2xl bg-red-50 p-4 ring-1 ring-red-200"
          >
            <p id="clear-cart-question" className="font-bold text-red-900">
              Remove everything from your cart?
            </p>
            <div className="mt-3 flex gap-2">
              <Button
                variant="outline"
                className="flex-1"
                autoFocus
                onClick={() => setConfirmingClear(false)}
              >
                Keep items
              </Button>
              <Button
                variant="danger"
                className="flex-1"
                onClick={() => {
                  clear();
                  setConfirmingClear(false);
                }}
              >
                Yes, clear cart
              </Button>
            </div>
          </div>
        ) : (
          <>
            {preOrderDate ? (
              <p className="mt-4 flex items-center gap-2 rounded-2xl bg-sky-50 px-4 py-3 text-sm font-bold text-sky-950 ring-1 ring-sky-900/15">
                <CalendarClock aria-hidden className="size-4 shrink-0" />
                {`We're closed now. Pre-order for pickup on ${formatShopDay(preOrderDate, true)}.`}
              </p>
            ) : (
              !canOrder && (
                <p
                  role="alert"
                  className="mt-4 flex items-center gap-2 rounded-2xl bg-red-50 px-4 py-3 text-sm font-bold text-red-800 ring-1 ring-red-200"
                >
                  <Lock aria-hidden className="size-4 shrink-0" />
                  {isShopOpen ? pausedMessage : 'Sorry, the shop is closed.'}
                </p>
              )
            )}
            {canOrder && typeof quote.data === 'number' && (
              <p className="mt-4 flex items-center justify-center gap-1.5 text-sm font-semibold">
                <Clock aria-hidden className="size-4 text-ember-700" />
                {`${table ? 'At your table' : 'Ready'} in about ${quote.data} minutes`}
              </p>
            )}
            <Button
              size="lg"
              className={cn(canCheckout && brandButton, 'mt-4 w-full')}
              disabled={!canCheckout}
              onClick={checkout}
            >
              {isShopOpen || preOrderDate ? (
                <>
                  {preOrderDate
                    ? `Pre-order for ${formatShopDay(preOrderDate)}`
                    : 'Proceed to Checkout'}
                  <ArrowRight aria-hidden className="size-5" />
                </>
              ) : (
                'Shop Closed - Cannot Order'
              )}
            </Button>
            <Button
              variant="ghost"
              size="md"
              className="mt-1 w-full text-sm font-semibold text-char-700"
              onClick={() => setConfirmingClear(true)}
            >
              <Trash2 aria-hidden className="size-4" />
              Clear cart
            </Button>
          </>
        )}
      </div>
    </>
  );
}

function CartLineRow({
  line,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const { sauce, addOns, specialInstructions } = line.customizations;
  return (
    <li className="relative flex gap-3 py-4" aria-label={line.name}>
      <div className="size-18 shrink-0 overflow-hidden rounded-2xl bg-char-800">
        {line.image ? (
          <img src={line.image} alt="" className="size-full object-cover" />
        ) : (
          <div className="grid size-full place-items-center text-3xl" aria-hidden>
            🍽️
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="pr-10 leading-tight font-extrabold">{line.name}</p>
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${line.name}`}
          className="absolute top-1.5 -right-2.5 grid size-11 place-items-center rounded-full text-char-700 hover:bg-red-50 hover:text-red-700"
        >
          <Trash2 aria-hidden className="size-4.5" />
        </button>
        {(sauce || addOns.length > 0 || specialInstructions) && (
          <div className="flex flex-col gap-0.5 text-sm text-char-700">
            {sauce && (
              <p>
                <span className="font-semibold text-char-900">Sauce:</span> {sauce}
              </p>
            )}
            {addOns.length > 0 && (
              <p>
                <span className="font-semibold text-char-900">Add-ons:</span> {addOns.join(', ')}
              </p>
            )}
            {specialInstructions && (
              <p className="break-words italic">
                <span className="font-semibold text-char-900 not-italic">Note:</span> “
                {specialInstructions}”
              </p>
            )}
          </div>
        )}
        <p className="text-sm text-char-700 tabular-nums">
          {formatEuroCents(eurosToCents(line.price))} each
        </p>
        <div className="mt-1 flex items-center justify-between gap-2">
          {/* Down to 0 removes the line (spec §4). */}
          <QuantityStepper
            value={line.quantity}
            onChange={onQuantity}
            min={0}
            itemName={line.name}
          />
          <p data-testid="line-total" className="font-extrabold tabular-nums">
            {formatEuroCents(cartLineTotalCents(line))}
          </p>
        </div>
      </div>
    </li>
  );
}
