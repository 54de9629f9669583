import { Utensils } from 'lucide-react';
import type { ReactNode } from 'react';
import { cartLineTotalCents, type CartLine } from '#shared/cart/cart.ts';
import { formatEuroCents } from '#shared/money.ts';
import { LineOptions } from './line-options.tsx';

interface OrderSummaryProps {
  lines: CartLine[];
  subtotalCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  /** A table order: served at this table. */
  tableNumber?: string | null;
  /** The Place Order button and what goes with it. */
  children?: ReactNode;
}

/** Spec customer-site §2: each line, then subtotal, a delivery fee only above zero, and total. */
export function OrderSummary({
  lines,
  subtotalCents,
  deliveryFeeCents,
  totalCents,
  tableNumber = null,
  children,
}: OrderSummaryProps) {
  return (
    <section
      aria-labelledby="summary-heading"
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-char-900/5 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="summary-heading" className="font-display text-xl uppercase">
          Order Summary
        </h2>
        {tableNumber && <TableBadge tableNumber={tableNumber} />}
      </div>
      <ul className="mt-4 divide-y divide-char-900/10" aria-label="Items in your order">
        {lines.map((line) => (
          <li key={line.id} className="flex gap-3 py-3 first:pt-0">
            <div className="size-16 shrink-0 overflow-hidden rounded-2xl bg-char-800">
              {line.image ? (
                <img src={line.image} alt="" className="size-full object-cover" loading="lazy" />
              ) : (
                <div className="grid size-full place-items-center text-2xl" aria-hidden>
                  🍽️
                </div>
              )}
            </div>
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-3">
                <p className="font-bold leading-snug">
                  <span className="text-ember-700">{line.quantity} ×</span> {line.name}
                </p>
                <p className="shrink-0 font-bold tabular-nums">
                  {formatEuroCents(cartLineTotalCents(line))}
                </p>
              </div>
              <LineOptions
                sauce={line.customizations.sauce}
                addOns={line.customizations.addOns}
                specialInstructions={line.customizations.specialInstructions}
              />
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t-2 border-dashed border-char-900/15 pt-4">
        <div className="flex justify-between text-char-700">
          <dt>Subtotal</dt>
          <dd className="tabular-nums">{formatEuroCents(subtotalCents)}</dd>
        </div>
        {deliveryFeeCents > 0 && (
          <div className="flex justify-between text-char-700">
            <dt>Delivery fee</dt>
            <dd className="tabular-nums">{formatEuroCents(deliveryFeeCents)}</dd>
          </div>
        )}
        <div className="flex justify-between text-xl font-extrabold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatEuroCents(totalCents)}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}

/** A table order's number, where a guest glances: big and dark. */
export function TableBadge({ tableNumber }: { tableNumber: string }) {
  return (
    <p
      data-testid="table-badge"
      className="inline-flex items-center gap-2 rounded-full bg-char-900 px-4 py-1.5 font-display text-lg tracking-wide text-mustard-400 uppercase"
    >
      <Utensils aria-hidden className="size-4.5" />
      Table {tableNumber}
    </p>
  );
}
