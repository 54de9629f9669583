/**
 * The customer's e-mails over SMTP (decision 018): the outbox's `email-receipt` and
 * `email-ready` jobs (queued by the change that owes them, orders/email-jobs.ts) are done here.
 * The job runner (realtime/job-runner.ts) claims each job and retries it on EMAIL_RETRY; this
 * only sends one message and says how it went.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, refunds } from '../../db/schema.ts';
import { getSettings, publicAddress } from '../settings/index.ts';
import { shopTimeZoneOf } from '../shop-hours/index.ts';
import type { JobRunner, OutboundJob, RetryPolicy } from '../realtime/index.ts';
import {
  orderLinksEmail,
  readyEmail,
  receiptEmail,
  refundEmail,
  type EmailMessage,
} from './email-content.ts';
import { ordersOfEmail, receiptRecipientOf } from '../orders/index.ts';
import { displayStatus, presentStatus } from '#shared/orders/order-states.ts';

type EmailKind = 'email-receipt' | 'email-ready' | 'email-order-links' | 'email-refund';

/**
 * The SMTP client's time limits. NOTE: well inside the dispatcher's 60 s job lease, so a slow
 * server cannot make a second worker take the same job while the first still sends it.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * A down mail server delays an e-mail, it does not lose it (decision 018 "Retried through a long
 * outage"): tries at most 5 minutes apart, given up only when a try fails 72 hours after the
 * order's change recorded the job, a weekend's outage and more. A 5xx refusal is still final.
 */
const EMAIL_RETRY: RetryPolicy = {
  maxBackoffMs: 5 * 60_000,
  keepTryingForMs: 72 * 3_600_000,
};

/** The client's page of one order (src/client/app/router.tsx: /order-confirmation/:orderId). */
const confirmationUrlOf = (publicUrl: string, orderId: string) =>
  `${publicUrl}/order-confirmation/${orderId}`;

/**
 * The same for every try of one order's e-mail of one kind: a message the SMTP server took just
 * before a crash, sent again after the restart, is the same message to the mailbox (decision
 * 018 "At least once, deduplicated by Message-ID").
 */
const messageIdOf = (kind: EmailKind, orderId: string, publicUrl: string) =>
  `<${kind}.${orderId}@${new URL(publicUrl).hostname}>`;

export interface EmailDeps {
  db: Db;
  config: Pick<Config, 'email' | 'publicUrl'>;
  log: FastifyBaseLogger;
}

/** Registers the e-mail jobs' handlers with the app's job runner; answers how to close SMTP. */
export function registerEmailJobs(jobs: JobRunner, deps: EmailDeps): { close(): void } {
  const { config } = deps;
  const transport = config.email
    ? nodemailer.createTransport({ url: config.email.smtpUrl, ...SMTP_TIMEOUTS })
    : null;
  const log = deps.log.child({ feature: 'email' });
  for (const kind of [
    'email-receipt',
    'email-ready',
    'email-order-links',
    'email-refund',
  ] as const) {
    jobs.handle(kind, {
      retry: EMAIL_RETRY,
      run: async (job, attempt) => {
        // No SMTP_URL: the job was recorded with its order all the same; it ends here.
        if (!transport || !config.email) return 'skipped';
        // Links go to the public address as set now (Shop Settings, else PUBLIC_URL); the
        // Message-ID stays on PUBLIC_URL so every try of one message keeps the same one.
        const message = await messageOf(deps.db, kind, job, await publicAddress(deps.db, config));
        if (typeof message === 'string') return message;
        if (attempt > 1 && job.outcome === null) {
          // The first try left no outcome: its process died, maybe after the server took the
          // message. This one carries the same Message-ID (decision 018).
          log.warn({ jobId: job.id, orderId: job.orderId, kind }, 'sending an e-mail again');
        }
        try {
          await transport.sendMail({
            from: config.email.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
            // A links e-mail is one per request, not one per order: its job names it.
            messageId: messageIdOf(
              kind,
              kind === 'email-order-links' || kind === 'email-refund' ? job.id : job.orderId!,
              config.publicUrl,
            ),
            headers: { 'Auto-Submitted': 'auto-generated' },
            ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          });
          return 'sent';
        } catch (error) {
          return outcomeOfSmtpError(error, log, job);
        }
      },
      gaveUp: async (job, lastError) => {
        log.error({ jobId: job.id, orderId: job.orderId, kind, lastError }, 'e-mail not sent');
      },
    });
  }
  return { close: () => transport?.close() };
}

/**
 * A 5xx answer to the recipient or the message is final (no such mailbox, refused content):
 * trying again cannot help. Anything else (4xx, no connection, a timeout, a failed login the
 * operator may fix) is tried again by the dispatcher.
 */
function outcomeOfSmtpError(error: unknown, log: FastifyBaseLogger, job: OutboundJob) {
  const { code, responseCode, message } = error as {
    code?: string;
    responseCode?: number;
    message?: string;
  };
  const text = message ?? String(error);
  if ((code === 'EENVELOPE' || code === 'EMESSAGE') && (responseCode ?? 0) >= 500) {
    log.warn({ jobId: job.id, orderId: job.orderId, err: error }, 'SMTP server refused an e-mail');
    return `refused: ${text}`.slice(0, 500);
  }
  return { retry: text };
}

type OutgoingMessage = EmailMessage & { to: string; replyTo: string | null };

/** The message a job sends, or its outcome when it sends none. */
async function messageOf(
  db: Db,
  kind: EmailKind,
  job: OutboundJob,
  publicUrl: string,
): Promise<OutgoingMessage | 'gone' | 'skipped'> {
  if (!job.orderId) return 'gone';
  const [order] = await db.select().from(orders).where(eq(orders.id, job.orderId));
  // Delete Order hides an order everywhere (departure 10): no e-mail about it either.
  if (!order || order.deletedAt) return 'gone';
  const to = receiptRecipientOf(order.orderSource, order.customerEmail);
  if (!to) return 'skipped';
  const settings = await getSettings(db, [
    'shop_name',
    'shop_address',
    'shop_phone',
    'shop_email',
    'shop_time_zone',
  ]);
  const shop = {
    name: settings.shop_name,
    address: settings.shop_address,
    phone: settings.shop_phone,
  };
  const replyTo = settings.shop_email.trim() || null;
  const confirmationUrl = confirmationUrlOf(publicUrl, order.id);
  if (kind === 'email-order-links') {
    // Listed when sent, from the address the order has now: an order deleted or a customer
    // erased meanwhile is not in it (docs/decisions/020).
    const listed = (await ordersOfEmail(db, to)).filter((row) =>
      receiptRecipientOf(row.orderSource, row.customerEmail),
    );
    if (listed.length === 0) return 'gone';
    return {
      ...orderLinksEmail({
        shop,
        order,
        orders: listed.map((row) => ({
          orderNumber: row.orderNumber,
          createdAt: row.createdAt,
          statusLabel: presentStatus(displayStatus(row.status, row.kitchenStatus)).label,
          totalCents: row.totalCents,
          confirmationUrl: confirmationUrlOf(publicUrl, row.id),
        })),
        timeZone: shopTimeZoneOf(settings.shop_time_zone),
      }),
      to,
      replyTo,
    };
  }
  if (kind === 'email-refund') {
    const [refund] = await db
      .select()
      .from(refunds)
      .where(eq(refunds.id, String(job.payload.refundId ?? '')));
    if (!refund || refund.state !== 'done' || refund.method === 'platform') return 'gone';
    return {
      ...refundEmail({
        shop,
        order,
        amountCents: refund.amountCents,
        reason: refund.reason,
        method: refund.method,
        voided: order.status === 'cancelled',
        confirmationUrl,
      }),
      to,
      replyTo,
    };
  }
  if (kind === 'email-ready') {
    // Picked up or cancelled before this went (a delay after a crash): "ready" is no news.
    if (order.kitchenStatus !== 'ready' || order.status === 'cancelled') return 'skipped';
    return { ...readyEmail({ shop, order, confirmationUrl }), to, replyTo };
  }
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position));
  const timeZone = shopTimeZoneOf(settings.shop_time_zone);
  return { ...receiptEmail({ shop, order, lines, confirmationUrl, timeZone }), to, replyTo };
}
