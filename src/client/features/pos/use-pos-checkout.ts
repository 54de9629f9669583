/**
 * Taking the money (spec back-office §4, §5, §8 "POS"): a cash sale is made at once
 * (POST /api/orders or /api/admin/orders) or, with no connection, kept in the outbox with its
 * Idempotency-Key and sent later; a card sale starts the card page, and the order is made only
 * once the payment succeeds (the browser comes back with ?payment=success&orderId=…).
 * Every cash sale belongs to a drawer session (decision 012, update 2026-11-25): with no drawer
 * open the server refuses it (409), and the screen asks to open one first (the float, then the
 * same sale goes through) or, for the admin, to record it against the day's next session.
 */
import { useState } from 'react';
import { toast } from '#client/components/ui/toast.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import {
  browserTerminalEnvironment,
  cardPaymentTarget,
  launchCardTerminal,
} from '#client/lib/card-terminal.ts';
import { keyPerAttempt, newIdempotencyKey } from '#client/lib/idempotency-key.ts';
import { CASH_DRAWER_MESSAGES } from '#shared/cash-drawer/cash-drawer.schema.ts';
import type { CreatePaymentRequest } from '#shared/checkout/checkout.schema.ts';
import { centsToEuros, eurosToCents, formatEuroCents } from '#shared/money.ts';
import {
  POS_MESSAGES,
  posCustomerSchema,
  WALK_IN_CUSTOMER,
  type PosOrderRequest,
} from '#shared/pos/pos.schema.ts';
import type { ReceiptData } from '../receipts/index.ts';
import { createCardPayment, FAILED_TO_CREATE_ORDER, postCashSale } from './api/pos-api.ts';
import { shortfallCents } from './cash.ts';
import type { PosOrderEndpoint } from './outbox.ts';
import { queueSale, waitingSalesCount } from './outbox-store.ts';
import { cartTotals, orderLines, type PosCartLine } from './pos-cart.ts';
import { usePosSale, type PosCustomerDraft } from './pos-store.ts';
import { receiptFromSale } from './sale-receipt.ts';

export type PosVariant = 'admin' | 'staff';

export interface ShownReceipt {
  receipt: ReceiptData;
  /** The order the server made (its Reprint on the receipt printers, decision 028). */
  orderId?: string;
  /** Set while the sale waits in the outbox: the number is filled in when it is sent. */
  outboxKey?: string;
}

const trimmed = (customer: PosCustomerDraft): PosCustomerDraft => ({
  firstName: customer.firstName.trim(),
  lastName: customer.lastName.trim(),
  email: customer.email.trim(),
  phone: customer.phone.trim(),
});

/** Spec §5: the admin POS needs name, e-mail and phone; the staff POS needs none. */
function customerProblem(variant: PosVariant, customer: PosCustomerDraft): string | null {
  if (variant === 'admin') {
    const { firstName, lastName, email, phone } = customer;
    if (!firstName || !lastName || !email || !phone) return POS_MESSAGES.customerInformation;
  }
  const parsed = posCustomerSchema.safeParse(customer);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the customer details');
}

/**
 * A walk-in card sale still needs a customer for the payment provider: the spec's placeholder
 * (§9 "POS generic customer") for whatever was not typed.
 */
function cardCustomer(customer: PosCustomerDraft) {
  const [walkInFirst = 'Walk-in', ...walkInRest] = WALK_IN_CUSTOMER.name.split(' ');
  return {
    firstName: customer.firstName || walkInFirst,
    lastName: customer.lastName || (customer.firstName ? '-' : walkInRest.join(' ') || '-'),
    email: customer.email || WALK_IN_CUSTOMER.email,
    phone: customer.phone || WALK_IN_CUSTOMER.phone,
  };
}

export function usePosCheckout({
  variant,
  onReceipt,
}: {
  variant: PosVariant;
  onReceipt: (shown: ShownReceipt) => void;
}) {
  const endpoint: PosOrderEndpoint = variant === 'admin' ? '/api/admin/orders' : '/api/orders';
  // One key per attempt: a double tap or a retry of the same sale keeps its key; a new sale
  // (even one exactly like the last) gets a new one, since the generator is replaced after it.
  const [cashKeyFor, setCashKeyFor] = useState(keyPerAttempt);
  const [cardKeyFor] = useState(keyPerAttempt);
  const [busy, setBusy] = useState<null | 'cash' | 'card'>(null);
  /** The cash sale the server refused for want of an open drawer, waiting for the choice. */
  const [needsDrawer, setNeedsDrawer] = useState<{ receivedCents: number } | null>(null);

  const ready = (lines: PosCartLine[], customer: PosCustomerDraft): boolean => {
    if (lines.length === 0) {
      toast.error('Cart Empty', {
        description: 'Please add items to cart before creating an order',
      });
      return false;
    }
    const problem = customerProblem(variant, customer);
    if (problem) {
      toast.error('Missing Information', { description: problem });
      return false;
    }
    return true;
  };

  /**
   * `retry`: the same sale again after the drawer was opened (or with the admin's choice), under
   * a new Idempotency-Key, since the server keeps the refusal under the first one.
   */
  const payCash = async (receivedCents: number | null, retry?: { cashDrawer?: 'next-session' }) => {
    if (busy) return;
    const { lines, customer: draft, clear } = usePosSale.getState();
    const customer = trimmed(draft);
    if (!ready(lines, customer)) return;
    const totals = cartTotals(lines);
    if (receivedCents === null || shortfallCents(receivedCents, totals.totalCents) > 0) {
      toast.error('Insufficient Cash', { description: POS_MESSAGES.insufficientCash });
      return;
    }
    const body: PosOrderRequest = {
      type: 'pickup',
      orderSource: 'pos',
      paymentMethod: 'cash',
      cashReceived: centsToEuros(receivedCents),
      items: orderLines(lines),
      // Walk-in: empty strings; the server keeps no customer then.
      customer,
      specialInstructions: null,
      subtotal: centsToEuros(totals.subtotalCents),
      deliveryFee: 0,
      total: centsToEuros(totals.totalCents),
      ...(retry?.cashDrawer ? { cashDrawer: retry.cashDrawer } : {}),
    };
    const key = retry ? newIdempotencyKey() : cashKeyFor(body);
    const receipt = receiptFromSale(lines, {
      cashReceivedCents: receivedCents,
      createdAt: new Date(),
    });
    const finish = () => {
      clear();
      setCashKeyFor(() => keyPerAttempt());
    };
    const keep = () => {
      queueSale({
        key,
        endpoint,
        body,
        queuedAt: new Date().toISOString(),
        status: 'waiting',
        attempts: 0,
        extra: receipt,
      });
      toast.info('Saved Offline', {
        description: 'No connection: the sale is kept on this device and sent when it is back.',
      });
      finish();
      onReceipt({ receipt, outboxKey: key });
    };

    // Sales go out in the order they were made: behind any still waiting.
    if (!navigator.onLine || waitingSalesCount() > 0) {
      keep();
      return;
    }
    setBusy('cash');
    const result = await postCashSale(endpoint, body, key);
    setBusy(null);
    if (result.kind === 'network') {
      keep();
      return;
    }
    if (result.kind === 'http' && result.status === 409) {
      if (result.message === CASH_DRAWER_MESSAGES.openBeforeCash) {
        setNeedsDrawer({ receivedCents });
        return;
      }
    }
    if (result.kind === 'http') {
      toast.error(FAILED_TO_CREATE_ORDER, {
        description: result.message === FAILED_TO_CREATE_ORDER ? undefined : result.message,
      });
      return;
    }
    const { id, orderNumber, total, change, vat } = result.response;
    toast.success('Order Created', {
      description: `Order #${orderNumber} · change ${formatEuroCents(eurosToCents(change))}`,
    });
    finish();
    onReceipt({
      orderId: id,
      receipt: {
        ...receipt,
        orderNumber,
        totalCents: eurosToCents(total),
        changeCents: eurosToCents(change),
        vat: vat ?? null,
      },
    });
  };

  const payCard = async () => {
    if (busy) return;
    const { lines, customer: draft } = usePosSale.getState();
    const customer = trimmed(draft);
    if (!ready(lines, customer)) return;
    const totals = cartTotals(lines);
    const payer = cardCustomer(customer);
    const request: CreatePaymentRequest = {
      amount: centsToEuros(totals.totalCents),
      customerEmail: payer.email,
      customerName: `${payer.firstName} ${payer.lastName}`.trim(),
      customerPhone: payer.phone,
      contactless: true,
      orderData: {
        type: 'pickup',
        orderSource: 'pos',
        items: orderLines(lines),
        subtotal: centsToEuros(totals.subtotalCents),
        deliveryFee: 0,
        total: centsToEuros(totals.totalCents),
        customer: payer,
      },
    };
    setBusy('card');
    try {
      const answer = await createCardPayment(request, cardKeyFor(request));
      // Busy until the browser has left: for the terminal app on Android (decision 013), else
      // (or when no app answers within 2 s) for the web card page.
      const target = cardPaymentTarget(answer, navigator.userAgent);
      if (target.fallback) {
        void launchCardTerminal(target.first, target.fallback, browserTerminalEnvironment()).then(
          // The app took over; the screen is usable again when the cashier comes back to it.
          (how) => how === 'terminal' && setBusy(null),
        );
      } else {
        window.location.assign(target.first);
      }
    } catch (error) {
      setBusy(null);
      toast.error('Payment Error', {
        description:
          (error instanceof ApiError && error.serverMessage) || 'Failed to initiate card payment',
      });
    }
  };

  return {
    payCash,
    payCard,
    busy,
    /** A cash sale waits for a drawer: the screen asks (OpenDrawerFirstDialog). */
    needsDrawer,
    /** The drawer is open now, or the admin chose the next session: the sale goes again. */
    retryCash: (choice?: { cashDrawer?: 'next-session' }) => {
      const waiting = needsDrawer;
      setNeedsDrawer(null);
      if (waiting) void payCash(waiting.receivedCents, choice ?? {});
    },
    cancelCash: () => setNeedsDrawer(null),
  };
}
