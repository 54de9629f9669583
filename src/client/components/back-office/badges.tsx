import type { ReactNode } from 'react';
import type { AdminOrder } from '#shared/admin-dashboard/dashboard.schema.ts';
import { cn } from '#client/lib/utils.ts';
import { eurosToCents } from '#shared/money.ts';
import { refundLabel } from '#shared/refunds/refunds.schema.ts';
import {
  orderStatusBadge,
  paymentStatusBadge,
  sourceLabel,
} from '#client/lib/back-office/format.ts';

const TONES = {
  neutral: 'bg-stone-200 text-stone-800 ring-stone-600/20',
  warning: 'bg-amber-100 text-amber-900 ring-amber-600/25',
  danger: 'bg-red-100 text-red-800 ring-red-600/20',
  success: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  info: 'bg-sky-100 text-sky-800 ring-sky-600/20',
  ember: 'bg-ember-100 text-ember-800 ring-ember-600/20',
  dark: 'bg-char-900 text-white ring-char-900',
} as const;
export type BadgeTone = keyof typeof TONES;

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { label, tone } = orderStatusBadge(status);
  return <Badge tone={tone}>{label}</Badge>;
}

const SOURCE_TONES: Record<string, BadgeTone> = {
  website: 'info',
  web: 'info',
  pos: 'dark',
  table: 'warning',
  wolt: 'info',
  bolt: 'success',
};

/** Website, POS, Table, Wolt or Bolt Food, and TEST when the payment simulator paid it. */
export function SourceBadges({ order }: { order: Pick<AdminOrder, 'orderSource' | 'isTest'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={SOURCE_TONES[order.orderSource] ?? 'neutral'}>
        {sourceLabel(order.orderSource)}
      </Badge>
      {order.isTest && <Badge tone="ember">TEST</Badge>}
    </span>
  );
}

export function PaymentBadge({ status }: { status: string }) {
  const { label, tone } = paymentStatusBadge(status);
  return <Badge tone={tone}>{label}</Badge>;
}

/** Refunded or Partly refunded (decision 021), from what was given back; nothing otherwise. */
export function RefundBadge({ order }: { order: Pick<AdminOrder, 'total' | 'refundedTotal'> }) {
  const label = refundLabel(eurosToCents(order.total), eurosToCents(order.refundedTotal));
  return label ? <Badge tone={label === 'Refunded' ? 'danger' : 'warning'}>{label}</Badge> : null;
}
