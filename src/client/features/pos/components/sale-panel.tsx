/**
 * The right-hand column on a tablet (the drawer on a phone): the lines, the totals, how the
 * customer pays, and the buttons that take the money. Spec back-office §5 "POS": change is
 * received minus total and never below 0; 'Insufficient amount - Need €X more' while short.
 */
import { Banknote, CreditCard, LoaderCircle, ShoppingBasket, Zap } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Input } from '#client/components/ui/form-fields.tsx';
import { cn } from '#client/lib/utils.ts';
import { centsToDecimalString, formatEuroCents } from '#shared/money.ts';
import { changeCents, parseCashCents, quickCashAmounts, shortfallCents } from '../cash.ts';
import { cartTotals, type PosLineDiscount } from '../pos-cart.ts';
import { usePosSale, type PosCustomerDraft, type PosPaymentMethod } from '../pos-store.ts';
import type { PosVariant } from '../use-pos-checkout.ts';
import { CartLines } from './cart-lines.tsx';

interface SalePanelProps {
  variant: PosVariant;
  /**
   * A wide screen (a 10-inch tablet in landscape, 1024 px and up): the lines in one column and
   * the customer, total, payment and Create Order in a second, all in view without scrolling.
   */
  twoColumns: boolean;
  discounts: PosLineDiscount[];
  cashText: string;
  onCashText: (text: string) => void;
  busy: null | 'cash' | 'card';
  onPayCash: (receivedCents: number | null) => void;
  onPayCard: () => void;
}

export function SalePanel({
  variant,
  twoColumns,
  discounts,
  cashText,
  onCashText,
  busy,
  onPayCash,
  onPayCard,
}: SalePanelProps) {
  const lines = usePosSale((state) => state.lines);
  const method = usePosSale((state) => state.paymentMethod);
  const setMethod = usePosSale((state) => state.setPaymentMethod);
  const totals = cartTotals(lines);
  const receivedCents = parseCashCents(cashText);
  const createOrder = () =>
    method === 'cash' ? onPayCash(cashText.trim() === '' ? null : receivedCents) : onPayCard();

  return (
    <section
      aria-label="Current sale"
      className={cn('flex min-h-0 flex-1 bg-white', twoColumns ? 'flex-row' : 'flex-col')}
    >
      <div
        data-testid="sale-lines"
        className={cn(
          'min-h-0 flex-1 overflow-y-auto overscroll-contain px-4',
          twoColumns && 'border-r border-char-900/10',
        )}
      >
        {/* The admin's customer details are required (spec §5): first, where they are seen. */}
        {!twoColumns && variant === 'admin' && <CustomerSection variant={variant} />}
        {lines.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center text-char-700">
            <ShoppingBasket aria-hidden className="size-10" />
            <p className="font-semibold">Tap an item to start a sale.</p>
          </div>
        ) : (
          <CartLines lines={lines} discounts={discounts} />
        )}
        {!twoColumns && variant === 'staff' && <CustomerSection variant={variant} />}
      </div>

      {/* Always in view on a tablet: what to charge, how, the change, and the buttons (and, on
          a wide one, who the customer is). */}
      <div
        className={cn(
          'flex shrink-0 flex-col gap-2 bg-stone-50 p-3',
          twoColumns ? 'w-[20rem] overflow-y-auto xl:w-[22rem]' : 'border-t border-char-900/10',
        )}
      >
        {twoColumns && <CustomerSection variant={variant} compact />}
        <dl className="flex items-baseline justify-between gap-3">
          <div className="grid grid-cols-[auto_auto] gap-x-2 text-xs text-char-700">
            {totals.discountCents > 0 && (
              <>
                <dt>Subtotal</dt>
                <dd className="text-right tabular-nums">{formatEuroCents(totals.subtotalCents)}</dd>
                <dt className="text-green-800">Discounts</dt>
                <dd className="text-right text-green-800 tabular-nums">
                  −{formatEuroCents(totals.discountCents)}
                </dd>
              </>
            )}
          </div>
          <div className="flex shrink-0 items-baseline gap-2">
            <dt className="text-sm font-bold">Total</dt>
            <dd className="text-3xl font-black tabular-nums" data-testid="sale-total">
              {formatEuroCents(totals.totalCents)}
            </dd>
          </div>
        </dl>
        <PaymentMethodChoice method={method} onChange={setMethod} />

        {method === 'cash' ? (
          <CashSection
            totalCents={totals.totalCents}
            cashText={cashText}
            onCashText={onCashText}
            receivedCents={receivedCents}
          />
        ) : (
          <p className="rounded-xl bg-sky-50 px-3 py-2 text-sm text-sky-950">
            The card page opens for a contactless payment; the order is made once it is paid.
          </p>
        )}

        <div className={cn('grid gap-2', method === 'cash' && lines.length > 0 && 'grid-cols-2')}>
          {method === 'cash' && lines.length > 0 && (
            <button
              type="button"
              disabled={busy !== null}
              onClick={() => onPayCash(totals.totalCents)}
              aria-label={`Pay exact cash ${formatEuroCents(totals.totalCents)}`}
              className="flex h-14 flex-col items-center justify-center rounded-2xl bg-green-700 px-3 leading-tight font-black text-white hover:bg-green-800 disabled:opacity-60 lg:px-1.5"
            >
              <span className="flex items-center gap-1.5 text-base whitespace-nowrap lg:text-sm">
                <Zap aria-hidden className="size-4" />
                Pay exact cash
              </span>
              <span className="text-sm font-bold tabular-nums">
                {formatEuroCents(totals.totalCents)}
              </span>
            </button>
          )}
          <button
            type="button"
            disabled={busy !== null}
            onClick={createOrder}
            className="flex h-14 items-center justify-center gap-2 rounded-2xl bg-ember-700 px-3 text-lg font-black text-white hover:bg-ember-800 disabled:opacity-60"
          >
            {busy ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : null}
            {busy === 'card' ? 'Opening card…' : busy === 'cash' ? 'Creating…' : 'Create Order'}
          </button>
        </div>
      </div>
    </section>
  );
}

function PaymentMethodChoice({
  method,
  onChange,
}: {
  method: PosPaymentMethod;
  onChange: (method: PosPaymentMethod) => void;
}) {
  const choices: { value: PosPaymentMethod; label: string; icon: ReactNode }[] = [
    { value: 'cash', label: 'Cash', icon: <Banknote aria-hidden className="size-5" /> },
    { value: 'card', label: 'Card', icon: <CreditCard aria-hidden className="size-5" /> },
  ];
  return (
    <div role="radiogroup" aria-label="Payment method" className="grid grid-cols-2 gap-2">
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          role="radio"
          aria-checked={method === choice.value}
          onClick={() => onChange(choice.value)}
          className={cn(
            'flex h-11 items-center justify-center gap-1.5 rounded-2xl border-2 px-3 text-base font-bold',
            method === choice.value
              ? 'border-char-900 bg-char-900 text-white'
              : 'border-char-900/15 bg-white hover:border-char-900/40',
          )}
        >
          {choice.icon}
          {choice.label}
        </button>
      ))}
    </div>
  );
}

function CashSection({
  totalCents,
  cashText,
  onCashText,
  receivedCents,
}: {
  totalCents: number;
  cashText: string;
  onCashText: (text: string) => void;
  receivedCents: number | null;
}) {
  const id = useId();
  const typed = cashText.trim() !== '';
  const short = typed ? shortfallCents(receivedCents ?? 0, totalCents) : 0;
  const change = changeCents(receivedCents ?? 0, totalCents);
  const amounts = [totalCents, ...quickCashAmounts(totalCents)];

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-received`} className="-mb-1 text-xs font-bold">
        Amount received
      </label>
      <div className="flex items-center gap-2">
        <div className="w-24 shrink-0">
          <Input
            id={`${id}-received`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={cashText}
            onChange={(event) => onCashText(event.target.value)}
            aria-invalid={short > 0 || (typed && receivedCents === null)}
            aria-describedby={`${id}-cash-status`}
            className="h-12 px-3 text-xl font-bold tabular-nums"
          />
        </div>
        {totalCents > 0 && (
          <div role="group" aria-label="Quick amounts" className="flex flex-1 flex-wrap gap-1.5">
            {amounts.map((amount, index) => (
              <button
                key={amount}
                type="button"
                onClick={() => onCashText(centsToDecimalString(amount))}
                aria-label={index === 0 ? `Exact ${formatEuroCents(amount)}` : noteLabel(amount)}
                className="flex h-12 min-w-13 flex-1 flex-col items-center justify-center rounded-xl bg-white px-1 leading-tight font-bold ring-1 ring-char-900/15 hover:bg-stone-100"
              >
                {index === 0 ? (
                  <>
                    <span className="text-xs">Exact</span>
                    <span className="text-sm tabular-nums">{formatEuroCents(amount)}</span>
                  </>
                ) : (
                  <span className="tabular-nums">{noteLabel(amount)}</span>
                )}
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="flex items-center justify-between gap-3 rounded-2xl bg-char-900 px-4 py-1.5 text-white">
        <span className="text-base font-bold">Change</span>
        <span data-testid="change" className="text-3xl font-black tabular-nums">
          {formatEuroCents(change)}
        </span>
      </div>
      <p
        id={`${id}-cash-status`}
        role="status"
        className="text-sm font-bold text-red-700 empty:hidden"
      >
        {typed && receivedCents === null
          ? 'Enter an amount like 20 or 13.50'
          : short > 0
            ? `Insufficient amount - Need ${formatEuroCents(short)} more`
            : ''}
      </p>
    </div>
  );
}

/** Round amounts as a cashier says them: €20, not €20.00. */
const noteLabel = (cents: number) =>
  cents % 100 === 0 ? `€${cents / 100}` : formatEuroCents(cents);

const CUSTOMER_FIELDS: {
  key: keyof PosCustomerDraft;
  label: string;
  type: string;
  autoComplete: string;
}[] = [
  { key: 'firstName', label: 'First name', type: 'text', autoComplete: 'off' },
  { key: 'lastName', label: 'Last name', type: 'text', autoComplete: 'off' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'off' },
];

function CustomerFields({ required, compact }: { required: boolean; compact: boolean }) {
  const customer = usePosSale((state) => state.customer);
  const setCustomer = usePosSale((state) => state.setCustomer);
  const id = useId();
  return (
    <div className={cn('grid grid-cols-2', compact ? 'gap-x-2 gap-y-1.5' : 'gap-2')}>
      {CUSTOMER_FIELDS.map((field) => (
        <div key={field.key} className={cn('flex flex-col', compact ? 'gap-0.5' : 'gap-1')}>
          <label
            htmlFor={`${id}-${field.key}`}
            className={cn('font-bold', compact ? 'text-xs' : 'text-sm')}
          >
            {field.label}
            {required && <span aria-hidden> *</span>}
          </label>
          <Input
            id={`${id}-${field.key}`}
            type={field.type}
            autoComplete={field.autoComplete}
            required={required}
            value={customer[field.key]}
            onChange={(event) => setCustomer({ [field.key]: event.target.value })}
            className={cn('h-11', compact && 'rounded-xl px-3')}
          />
        </div>
      ))}
    </div>
  );
}

/** `compact`: in the wide screen's checkout column, above the total. */
function CustomerSection({ variant, compact = false }: { variant: PosVariant; compact?: boolean }) {
  if (variant === 'admin') {
    return (
      <fieldset
        className={cn(
          'flex flex-col',
          compact
            ? 'border-b border-char-900/10 pb-2'
            : 'my-3 gap-2 border-b border-char-900/10 pb-3',
        )}
      >
        <legend
          className={cn(
            'font-extrabold tracking-wider uppercase',
            compact ? 'mb-1 text-xs' : 'mb-2 text-sm',
          )}
        >
          Customer
        </legend>
        <CustomerFields required compact={compact} />
      </fieldset>
    );
  }
  // Staff POS (spec §5): a walk-in needs no details.
  return (
    <details
      className={cn(
        'group rounded-2xl ring-1 ring-char-900/10',
        compact ? 'bg-white' : 'mt-4 mb-4',
      )}
    >
      <summary
        className={cn(
          'flex cursor-pointer items-center px-4 text-sm font-bold',
          compact ? 'h-11' : 'h-12',
        )}
      >
        Customer details (optional)
      </summary>
      <div className="px-3 pb-3">
        <CustomerFields required={false} compact={compact} />
      </div>
    </details>
  );
}
