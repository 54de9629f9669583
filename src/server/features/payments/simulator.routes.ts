/**
 * The payment simulator's hosted card page. Pay/Decline/Cancel post back here;
 * the outcome goes through the same service calls a provider's webhook drives
 * (confirmPayment / markPaymentUnsuccessful), then the browser returns to
 * the page that started it (the checkout, the POS, a table) with ?payment=… and a 303,
 * exactly as after a real provider (paymentReturnUrl).
 */
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../http/types.ts';
import { formatEuroCents } from '#shared/money.ts';
import { getSetting } from '../settings/index.ts';
import {
  confirmPayment,
  findPayment,
  markPaymentUnsuccessful,
  findPaymentWithOrder,
  isCounterPayment,
  paymentReturnUrl,
  settlePendingPayment,
  TERMINAL_CALLBACK_PATH,
} from './payments.service.ts';
import { SIMULATOR_PATH, SimulatorProvider } from './simulator-provider.ts';

const paramsSchema = z.object({ paymentId: z.string().max(100) });
const outcomeSchema = z.object({
  outcome: z.enum(['pay', 'decline', 'cancel'], {
    error: 'outcome must be pay, decline or cancel',
  }),
});

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;background:#eef2f7;color:#111827}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(0,0,0,.08);padding:24px}
.brand{display:flex;justify-content:space-between;align-items:center;font-size:13px;color:#6b7280;margin-bottom:16px}
.badge{background:#fef3c7;color:#92400e;border-radius:999px;padding:3px 10px;font-weight:700;font-size:11px;text-transform:uppercase}
h1{font-size:15px;font-weight:600;margin:0;color:#374151}.amount{font-size:36px;font-weight:800;margin:4px 0 20px}
label{display:block;font-size:12px;font-weight:600;color:#4b5563;margin:12px 0 4px}
input{width:100%;height:44px;border:1px solid #d1d5db;border-radius:10px;padding:0 12px;font-size:16px;background:#f9fafb}
.row{display:flex;gap:12px}.row>div{flex:1}
button{width:100%;height:50px;border:0;border-radius:12px;font-size:16px;font-weight:700;cursor:pointer;margin-top:12px}
.pay{background:#1d4ed8;color:#fff;margin-top:24px}.decline{background:#fee2e2;color:#991b1b}.cancel{background:transparent;color:#374151;text-decoration:underline}
p.note{font-size:12px;color:#6b7280;text-align:center;margin-top:16px}
</style></head><body><main>${body}</main></body></html>`;
}

type Payment = NonNullable<Awaited<ReturnType<typeof findPayment>>>;

/** Why a payment can no longer be paid, or null while it can (or is paid already). */
function closedReason(payment: Payment, now: Date): 'expired' | 'failed' | 'cancelled' | null {
  if (payment.status === 'pending') {
    // Like a real provider's page, the simulator stops taking a payment when its time is up,
    // whether or not the reconciler has marked it yet.
    return payment.expiresAt && payment.expiresAt <= now ? 'expired' : null;
  }
  return payment.status === 'paid' ? null : payment.status;
}

const CLOSED_TEXT = {
  expired: {
    title: 'Your payment time ran out',
    text: 'This payment expired before it was completed.',
    back: 'expired',
  },
  failed: {
    title: 'This payment was declined',
    text: 'A declined payment cannot be paid again.',
    back: null,
  },
  cancelled: {
    title: 'This payment was cancelled',
    text: 'A cancelled payment cannot be paid again.',
    back: null,
  },
} as const;

export async function simulatorRoutes(app: AppInstance) {
  const { db, orderEvents: events, now, paymentProvider } = app;
  const notFoundPage = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('text/html')
      .send(
        page(
          'Payment not found',
          '<div class="card"><h1>Payment not found</h1><p><a href="/">Back to the shop</a></p></div>',
        ),
      );

  /** 410: this payment is over; the shop's checkout starts a new one. No order is made. */
  const closedPage = async (
    reply: FastifyReply,
    payment: Payment,
    reason: keyof typeof CLOSED_TEXT,
  ) => {
    if (reason === 'expired' && payment.status === 'pending') {
      await settlePendingPayment(db, payment.id, 'expired', 'payment timeout');
    }
    const { title, text, back } = CLOSED_TEXT[reason];
    const backUrl = back
      ? paymentReturnUrl(payment, back)
      : (payment.orderData.returnPath ?? '/checkout');
    return reply
      .code(410)
      .type('text/html')
      .send(
        page(
          title,
          `<div class="card">
  <div class="brand"><span>Secure card payment</span><span class="badge">Test mode</span></div>
  <h1>${escapeHtml(title)}</h1>
  <p>${escapeHtml(text)} No card was charged. Please place your order again.</p>
  <p><a href="${escapeHtml(backUrl)}">Go back</a></p>
</div>`,
        ),
      );
  };

  app.get(
    `${SIMULATOR_PATH}/:paymentId`,
    { schema: { params: paramsSchema } },
    async (request, reply) => {
      const payment = z.uuid().safeParse(request.params.paymentId).success
        ? await findPayment(db, request.params.paymentId)
        : null;
      if (!payment) return notFoundPage(reply);
      const closed = closedReason(payment, now());
      if (closed) return closedPage(reply, payment, closed);
      const merchant = await getSetting(db, 'shop_name');
      const action = `${SIMULATOR_PATH}/${payment.id}`;
      return reply.type('text/html').send(
        page(
          `Pay ${merchant}`,
          `<div class="card">
  <div class="brand"><span>Secure card payment</span><span class="badge">Test mode</span></div>
  <h1>Pay ${escapeHtml(merchant)}</h1>
  <div class="amount" data-testid="amount">${formatEuroCents(payment.amountCents)}</div>
  <form method="post" action="${action}">
    <label for="card">Card number</label><input id="card" name="card" value="4111 1111 1111 1111" autocomplete="off">
    <div class="row"><div><label for="exp">Expiry</label><input id="exp" name="exp" value="12/34"></div>
    <div><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123"></div></div>
    <label for="holder">Cardholder</label><input id="holder" name="holder" value="Test Customer">
    <button class="pay" type="submit" name="outcome" value="pay">Pay ${formatEuroCents(payment.amountCents)}</button>
    <button class="decline" type="submit" name="outcome" value="decline">Decline</button>
    <button class="cancel" type="submit" name="outcome" value="cancel">Cancel</button>
  </form>
  <p class="note">Payment simulator: no card is charged. Set PAYMENT_PROVIDER=viva for real payments.</p>
</div>`,
        ),
      );
    },
  );

  app.post(
    `${SIMULATOR_PATH}/:paymentId`,
    { schema: { params: paramsSchema, body: outcomeSchema } },
    async (request, reply) => {
      // The payment and the order it made, in one read.
      const found = z.uuid().safeParse(request.params.paymentId).success
        ? await findPaymentWithOrder(db, request.params.paymentId)
        : null;
      if (!found) return notFoundPage(reply);
      const { payment, order: existing } = found;

      // A paid payment stays paid: pressing back and Cancel must not undo it.
      if (existing) return reply.redirect(paymentReturnUrl(payment, 'success', existing.id), 303);
      const closed = closedReason(payment, now());
      if (closed) return closedPage(reply, payment, closed);

      switch (request.body.outcome) {
        case 'pay': {
          const result = await confirmPayment(
            db,
            payment.id,
            { amountCents: payment.amountCents, transactionId: `sim_tx_${Date.now()}` },
            request.log,
            events,
          );
          return result.outcome === 'order'
            ? reply.redirect(paymentReturnUrl(payment, 'success', result.orderId), 303)
            : reply.redirect(paymentReturnUrl(payment, 'error'), 303);
        }
        case 'decline':
          await markPaymentUnsuccessful(db, payment.id, 'failed', 'declined in the simulator');
          return reply.redirect(paymentReturnUrl(payment, 'failed'), 303);
        case 'cancel':
          await markPaymentUnsuccessful(db, payment.id, 'cancelled', 'cancelled by the customer');
          return reply.redirect(paymentReturnUrl(payment, 'cancelled'), 303);
      }
    },
  );

  // The card terminal app's stand-in (integrations.md §1.7): a "tap the card" page that sends
  // the browser to the terminal callback with the result, as the real app does.
  const terminal = paymentProvider instanceof SimulatorProvider ? paymentProvider : null;
  const terminalOutcomeSchema = z.object({
    outcome: z.enum(['approve', 'decline', 'cancel'], {
      error: 'outcome must be approve, decline or cancel',
    }),
  });

  app.get(
    `${SIMULATOR_PATH}/:paymentId/terminal`,
    { schema: { params: paramsSchema } },
    async (request, reply) => {
      const payment = z.uuid().safeParse(request.params.paymentId).success
        ? await findPayment(db, request.params.paymentId)
        : null;
      if (!payment || !terminal || !isCounterPayment(payment)) return notFoundPage(reply);
      const closed = closedReason(payment, now());
      if (closed) return closedPage(reply, payment, closed);
      const action = `${SIMULATOR_PATH}/${payment.id}/terminal`;
      return reply.type('text/html').send(
        page(
          'Card terminal',
          `<div class="card">
  <div class="brand"><span>Card terminal</span><span class="badge">Test mode</span></div>
  <h1>Tap, insert or swipe a card</h1>
  <div class="amount" data-testid="amount">${formatEuroCents(payment.amountCents)}</div>
  <form method="post" action="${action}">
    <button class="pay" type="submit" name="outcome" value="approve">Approve ${formatEuroCents(payment.amountCents)}</button>
    <button class="decline" type="submit" name="outcome" value="decline">Decline</button>
    <button class="cancel" type="submit" name="outcome" value="cancel">Cancel</button>
  </form>
  <p class="note">Stands in for the Viva.com Terminal app: no card is charged.</p>
</div>`,
        ),
      );
    },
  );

  app.post(
    `${SIMULATOR_PATH}/:paymentId/terminal`,
    { schema: { params: paramsSchema, body: terminalOutcomeSchema } },
    async (request, reply) => {
      const payment = z.uuid().safeParse(request.params.paymentId).success
        ? await findPayment(db, request.params.paymentId)
        : null;
      if (!payment || !terminal || !isCounterPayment(payment)) return notFoundPage(reply);
      const query = new URLSearchParams({ action: 'sale', clientTransactionId: payment.id });
      switch (request.body.outcome) {
        case 'approve':
          query.set('status', 'success');
          query.set(
            'transactionId',
            terminal.recordTerminalSale(payment.id, {
              status: 'paid',
              amountCents: payment.amountCents,
            }),
          );
          query.set('amount', String(payment.amountCents));
          break;
        case 'decline':
          query.set('status', 'fail');
          query.set('message', 'Transaction declined');
          query.set(
            'transactionId',
            terminal.recordTerminalSale(payment.id, { status: 'declined' }),
          );
          break;
        case 'cancel':
          query.set('status', 'fail');
          query.set('message', '(-4) USER_CANCEL');
          query.set(
            'transactionId',
            terminal.recordTerminalSale(payment.id, { status: 'cancelled' }),
          );
          break;
      }
      return reply.redirect(`${TERMINAL_CALLBACK_PATH}?${query.toString()}`, 303);
    },
  );
}
