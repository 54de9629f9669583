/**
 * Refunds in Order Details (decision 021): what was given back, each refund's state (requested,
 * done, failed with the provider's message), and a form to refund the whole rest of the order
 * or chosen lines (quantities) with a reason. The server decides the amount and the limits.
 */
import { useState } from 'react';
import type { AdminOrder } from '#shared/admin-dashboard/dashboard.schema.ts';
import { eurosToCents } from '#shared/money.ts';
import { countsInBooks, refundedQuantities, type Refund } from '#shared/refunds/refunds.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field, Input, Textarea } from '#client/components/ui/form-fields.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useRefundOrder } from '../api/order-mutations.ts';
import { euro, formatDateTime } from '#client/lib/back-office/format.ts';
import { Badge } from '#client/components/back-office/badges.tsx';

const STATE_LABELS: Record<
  Refund['state'],
  { label: string; tone: 'warning' | 'success' | 'danger' }
> = {
  requested: { label: 'Requested', tone: 'warning' },
  done: { label: 'Done', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

const METHOD_LABELS: Record<Refund['method'], string> = {
  card: 'to the card',
  cash: 'cash from the drawer',
  platform: 'by the platform',
};

export function OrderRefunds({
  order,
  timeZone,
}: {
  order: AdminOrder;
  timeZone: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const leftCents = eurosToCents(order.total) - eurosToCents(order.refundedTotal);
  const refundable =
    order.paymentStatus === 'paid' &&
    order.paymentMethod !== 'platform' &&
    !order.deletion &&
    leftCents > 0;
  return (
    <section aria-labelledby="order-refunds-heading">
      <h3
        id="order-refunds-heading"
        className="mb-1.5 text-xs font-bold tracking-wide text-char-700 uppercase"
      >
        Refunds
      </h3>
      {order.refunds.length > 0 ? (
        <ul className="mb-2 divide-y divide-char-900/10 rounded-2xl bg-white ring-1 ring-char-900/10">
          {order.refunds.map((refund) => (
            <li key={refund.id} className="flex flex-col gap-0.5 p-3" data-testid="refund-row">
              <p className="flex flex-wrap items-center gap-2">
                <strong className="tabular-nums">{euro(refund.amount)}</strong>
                <span className="text-char-700">{METHOD_LABELS[refund.method]}</span>
                <Badge tone={STATE_LABELS[refund.state].tone}>
                  {STATE_LABELS[refund.state].label}
                </Badge>
              </p>
              {refund.lines.length > 0 && (
                <p>{refund.lines.map((line) => `${line.quantity}× ${line.name}`).join(', ')}</p>
              )}
              <p className="break-words">Reason: {refund.reason}</p>
              {refund.providerMessage && (
                <p className={refund.state === 'failed' ? 'text-red-800' : 'text-char-700'}>
                  {refund.providerMessage}
                </p>
              )}
              <p className="text-xs text-char-700">
                {formatDateTime(refund.createdAt, timeZone)}
                {refund.by ? ` · by ${refund.by}` : ''}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-2 text-char-700">No refunds.</p>
      )}
      {order.refunds.some((refund) => countsInBooks(refund.state)) && (
        <p className="mb-2">
          Refunded {euro(order.refundedTotal)} of {euro(order.total)}
        </p>
      )}
      {refundable &&
        (open ? (
          <RefundForm order={order} leftCents={leftCents} onDone={() => setOpen(false)} />
        ) : (
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            Refund…
          </Button>
        ))}
    </section>
  );
}

function RefundForm({
  order,
  leftCents,
  onDone,
}: {
  order: AdminOrder;
  leftCents: number;
  onDone: () => void;
}) {
  const refund = useRefundOrder();
  const [whole, setWhole] = useState(true);
  const [reason, setReason] = useState('');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  const refunded = refundedQuantities(order.refunds);

  const submit = () => {
    if (!reason.trim()) return setError('Say why the money is given back');
    const lines = Object.entries(quantities)
      .filter(([, quantity]) => quantity > 0)
      .map(([orderItemId, quantity]) => ({ orderItemId, quantity }));
    if (!whole && lines.length === 0) return setError('Choose at least one item to refund');
    setError(null);
    refund.mutate(
      { order, request: whole ? { reason } : { reason, lines } },
      {
        onSuccess: (made) => {
          toast.success('Refund Recorded', {
            description:
              made.state === 'requested'
                ? `€${made.amount} for order #${order.orderNumber} is being sent to the card.`
                : `€${made.amount} refunded on order #${order.orderNumber}.`,
          });
          onDone();
        },
        onError: (failure) =>
          toast.error('Refund Failed', { description: errorMessage(failure, 'Failed to refund') }),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-white p-3 ring-1 ring-char-900/10">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">What to refund</legend>
        <label className="flex items-center gap-2">
          <input type="radio" checked={whole} onChange={() => setWhole(true)} />
          Whole order (€{(leftCents / 100).toFixed(2)} left)
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" checked={!whole} onChange={() => setWhole(false)} />
          Chosen items
        </label>
      </fieldset>
      {!whole && (
        <ul className="flex flex-col gap-2">
          {order.items.map((item) => {
            // What earlier refunds left of the line: the most this one can give back.
            const given = refunded.get(item.id) ?? 0;
            const left = Math.max(item.quantity - given, 0);
            return (
              <li key={item.id} className="flex items-center justify-between gap-3">
                <label htmlFor={`refund-qty-${item.id}`} className="min-w-0 flex-1 break-words">
                  {item.name} ({item.quantity} × {euro(item.price)}
                  {given > 0 && `, ${given} refunded`})
                </label>
                <Input
                  id={`refund-qty-${item.id}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={left}
                  disabled={left === 0}
                  className="w-20"
                  aria-label={`Quantity of ${item.name} to refund`}
                  value={quantities[item.id] ?? 0}
                  onChange={(event) =>
                    setQuantities({
                      ...quantities,
                      [item.id]: Math.max(0, Math.min(left, Number(event.target.value) || 0)),
                    })
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
      <Field id="refund-reason" label="Reason" error={error ?? undefined}>
        <Textarea
          id="refund-reason"
          required
          maxLength={200}
          placeholder="e.g. Burger was cold"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone} disabled={refund.isPending}>
          Cancel
        </Button>
        <Button variant="danger" size="sm" onClick={submit} disabled={refund.isPending}>
          {refund.isPending ? 'Refunding…' : 'Refund'}
        </Button>
      </div>
    </div>
  );
}
