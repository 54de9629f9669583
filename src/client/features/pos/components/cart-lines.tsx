/**
 * The lines of the sale: options, line total, +/-, remove, and a discount per line chosen from
 * the ones that apply now and whose minimum order amount the line meets (spec back-office §3,
 * §4, §5).
 */
import { BadgePercent, Minus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { lineDiscountCents } from '#shared/discounts/discount-rules.ts';
import { formatEuroCents } from '#shared/money.ts';
import { cn } from '#client/lib/utils.ts';
import {
  discountsFor,
  lineDiscountOf,
  lineOptions,
  lineSubtotalCents,
  lineTotalCents,
  type PosCartLine,
  type PosLineDiscount,
} from '../pos-cart.ts';
import { usePosSale } from '../pos-store.ts';

function describeDiscount(discount: PosLineDiscount): string {
  return discount.type === 'percentage'
    ? `${discount.name} (${discount.value} %)`
    : `${discount.name} (${formatEuroCents(discount.value)} off)`;
}

export function CartLines({
  lines,
  discounts,
}: {
  lines: PosCartLine[];
  discounts: PosLineDiscount[];
}) {
  const [discountFor, setDiscountFor] = useState<string | null>(null);
  const line = lines.find((candidate) => candidate.id === discountFor) ?? null;
  return (
    <>
      <ul aria-label="Cart" className="flex flex-col divide-y divide-char-900/10">
        {lines.map((line) => (
          <CartLineRow
            key={line.id}
            line={line}
            canDiscount={discountsFor(line, discounts).length > 0 || line.discount !== null}
            onDiscount={() => setDiscountFor(line.id)}
          />
        ))}
      </ul>
      <DiscountDialog line={line} discounts={discounts} onClose={() => setDiscountFor(null)} />
    </>
  );
}

function CartLineRow({
  line,
  canDiscount,
  onDiscount,
}: {
  line: PosCartLine;
  canDiscount: boolean;
  onDiscount: () => void;
}) {
  const setQuantity = usePosSale((state) => state.setQuantity);
  const remove = usePosSale((state) => state.remove);
  const off = lineDiscountOf(line);
  const options = lineOptions(line);
  const step =
    'grid size-11 shrink-0 place-items-center rounded-full bg-white ring-1 ring-char-900/15 hover:bg-cream-100 disabled:opacity-35';

  return (
    <li aria-label={line.name} className="flex flex-col gap-2 py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="leading-tight font-bold">{line.name}</p>
          {options.length > 0 && <p className="text-sm text-char-700">{options.join(', ')}</p>}
          {line.note && <p className="text-sm text-char-700 italic">“{line.note}”</p>}
          {line.discount && off > 0 && (
            <p className="text-sm font-semibold text-green-800">
              {describeDiscount(line.discount)} −{formatEuroCents(off)}
            </p>
          )}
        </div>
        <p className="shrink-0 text-right tabular-nums" data-testid="line-total">
          {off > 0 && (
            <span className="block text-sm text-char-700 line-through">
              {formatEuroCents(lineSubtotalCents(line))}
            </span>
          )}
          <span className="font-black">{formatEuroCents(lineTotalCents(line))}</span>
        </p>
      </div>
      {/* Wraps in a narrow column: Discount and Remove go under the quantity. */}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={step}
          aria-label={`Decrease quantity of ${line.name}`}
          disabled={line.quantity <= 1}
          onClick={() => setQuantity(line.id, line.quantity - 1)}
        >
          <Minus aria-hidden className="size-5" />
        </button>
        <output
          aria-label={`Quantity of ${line.name}`}
          className="min-w-7 text-center text-lg font-black tabular-nums"
        >
          {line.quantity}
        </output>
        <button
          type="button"
          className={step}
          aria-label={`Increase quantity of ${line.name}`}
          disabled={line.quantity >= 99}
          onClick={() => setQuantity(line.id, line.quantity + 1)}
        >
          <Plus aria-hidden className="size-5" />
        </button>
        {canDiscount && (
          <button
            type="button"
            onClick={onDiscount}
            aria-label={`Discount for ${line.name}`}
            className={cn(
              'ml-auto flex h-11 items-center gap-1.5 rounded-full px-3 text-sm font-bold ring-1',
              line.discount
                ? 'bg-green-100 text-green-900 ring-green-700/40'
                : 'bg-white ring-char-900/15 hover:bg-cream-100',
            )}
          >
            <BadgePercent aria-hidden className="size-5" />
            Discount
          </button>
        )}
        <button
          type="button"
          className={cn(step, !canDiscount && 'ml-auto', 'text-red-700')}
          aria-label={`Remove ${line.name}`}
          onClick={() => {
            remove(line.id);
            toast.success('Removed from Cart', { description: line.name });
          }}
        >
          <Trash2 aria-hidden className="size-5" />
        </button>
      </div>
    </li>
  );
}

function DiscountDialog({
  line,
  discounts,
  onClose,
}: {
  line: PosCartLine | null;
  discounts: PosLineDiscount[];
  onClose: () => void;
}) {
  const setDiscount = usePosSale((state) => state.setDiscount);
  const offered = line ? discountsFor(line, discounts) : [];
  const choose = (discount: PosLineDiscount | null) => {
    if (!line) return;
    setDiscount(line.id, discount);
    if (discount) toast.success('Discount Applied', { description: describeDiscount(discount) });
    else toast.success('Discount Removed', { description: line.name });
    onClose();
  };
  return (
    <Dialog open={line !== null} onOpenChange={(open) => !open && onClose()}>
      {line && (
        <DialogContent
          title={`Discount for ${line.name}`}
          description={`Line total ${formatEuroCents(lineSubtotalCents(line))}`}
        >
          <div className="flex flex-col gap-2 overflow-y-auto px-5 pt-4 pb-6">
            {offered.length === 0 && (
              <p className="text-char-700">No discount applies to this line right now.</p>
            )}
            {offered.map((discount) => {
              const chosen = line.discount?.id === discount.id;
              return (
                <button
                  key={discount.id}
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => choose(discount)}
                  className={cn(
                    'flex min-h-14 items-center justify-between gap-3 rounded-2xl border-2 px-4 text-left font-bold',
                    chosen
                      ? 'border-green-700 bg-green-50'
                      : 'border-char-900/15 bg-white hover:border-char-900/40',
                  )}
                >
                  <span>{describeDiscount(discount)}</span>
                  <span className="text-green-800 tabular-nums">
                    −{formatEuroCents(lineDiscountCents(lineSubtotalCents(line), discount))}
                  </span>
                </button>
              );
            })}
            {line.discount && (
              <button
                type="button"
                onClick={() => choose(null)}
                className="mt-2 h-12 rounded-full border-2 border-red-700/40 font-bold text-red-800 hover:bg-red-50"
              >
                Remove discount
              </button>
            )}
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
