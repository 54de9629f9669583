/**
 * Delete Customer (DESIGN.md departure 10, docs/decisions/014): the person is erased from every
 * column that can hold them, free text included, and the books stay (amounts, lines, dates).
 *
 * Two kinds of column hold a person:
 * - fields that are theirs on rows that are theirs (the customer, their orders and lines, the
 *   payment requests, order events, jobs, push subscriptions, platform events and stored
 *   idempotent answers of their orders): names, contacts, address and notes are replaced or
 *   cleared, and every other string in them is searched for the person;
 * - free text that staff or a provider wrote anywhere (audit log, delete reasons, cash-drawer
 *   notes and reasons): searched for the person in every row.
 * "Searched for the person" means: the names as whole words, the e-mails, the phone numbers
 * (whatever the spacing) and the notes and street they typed, each replaced by `[erased]`.
 *
 * Every text and jsonb column of the schema is listed as holding a person or not in
 * customer-erasure.test.ts, which fails when a new one is added to neither list.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  cashDrawerMovements,
  cashDrawerSessions,
  customers,
  idempotencyKeys,
  orderEvents,
  orderItems,
  orders,
  outboundJobs,
  payments,
  platformEvents,
  pushSubscriptions,
  refunds,
} from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { StaffUser } from '#shared/auth/auth.schema.ts';
import { customerNumberLabel } from '#shared/customers/customer-display.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const ERASED_FIRST_NAME = 'Erased';
const ERASED_LAST_NAME = 'customer';
/** What a piece of free text that named the person says instead. */
const ERASED_TEXT = '[erased]';

/** Names shorter than this are not searched for in free text (they would hit ordinary words). */
const MIN_NAME_LENGTH = 2;
/** Notes and streets shorter than this are not searched for either ("ok", "-"). */
const MIN_LITERAL_LENGTH = 4;
/** Fewer digits than this is not a phone number worth searching for. */
const MIN_PHONE_DIGITS = 6;

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/** What identifies the person, and how to find it in text. */
export interface PersonNeedles {
  names: string[];
  /** E-mails, notes, street: found as typed, case aside. */
  literals: string[];
  phones: string[];
}

/** The national part of a number: its last digits, as written without the country code. */
const NATIONAL_DIGITS = 8;

function phonePattern(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < MIN_PHONE_DIGITS) return null;
  // Any spacing, dashes, dots or brackets between the digits, and an optional leading +.
  const spaced = (part: string) => part.split('').join('[^0-9A-Za-z]{0,3}');
  const forms = [`\\+?${spaced(digits)}`];
  if (digits.length > NATIONAL_DIGITS) forms.push(spaced(digits.slice(-NATIONAL_DIGITS)));
  return forms.join('|');
}

function distinct(values: (string | null | undefined)[], minLength: number): string[] {
  const seen = new Map<string, string>();
  for (const value of values) {
    const trimmed = value?.trim() ?? '';
    if (trimmed.length >= minLength) seen.set(trimmed.toLowerCase(), trimmed);
  }
  // Longest first: a note that contains the name is replaced whole, not around the name.
  return [...seen.values()].sort((a, b) => b.length - a.length);
}

export function personNeedles(input: {
  names: (string | null | undefined)[];
  literals: (string | null | undefined)[];
  phones: (string | null | undefined)[];
}): PersonNeedles {
  // A name typed as "Anna Maria" is also searched for as "Anna" and "Maria".
  const names = input.names.flatMap((name) => [name, ...(name?.split(/\s+/) ?? [])]);
  return {
    names: distinct(names, MIN_NAME_LENGTH),
    literals: distinct(input.literals, MIN_LITERAL_LENGTH),
    phones: distinct(input.phones, 1).filter((phone) => phonePattern(phone) !== null),
  };
}

/** The alternatives of one regular expression, longest needle first. */
function patternsOf(needles: PersonNeedles): { js: string[]; pg: string[] } {
  const literal = needles.literals.map(escapeRegExp);
  const phones = needles.phones.map((phone) => phonePattern(phone)!);
  const js = [
    ...literal,
    ...phones,
    // Whole words only: "Ann" is not erased from "Annual".
    ...needles.names.map((name) => `(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`),
  ];
  // The database's first sieve (PostgreSQL's regular expressions have no \p{L}): a superset.
  const pg = [...literal, ...phones, ...needles.names.map(escapeRegExp)];
  return { js, pg };
}

/** Replaces every mention of the person in a text. */
export function textRedactor(needles: PersonNeedles): (text: string) => string {
  const { js } = patternsOf(needles);
  if (js.length === 0) return (text) => text;
  const pattern = new RegExp(js.join('|'), 'giu');
  return (text) => text.replace(pattern, ERASED_TEXT);
}

/** Keys whose value is the person's own free text: cleared wherever they occur. */
const NOTE_KEYS = new Set(['specialInstructions', 'special_instructions', 'notes', 'note']);
/** Keys whose value is the person's contact details. */
const CONTACT_KEYS: Record<string, string> = {
  firstName: ERASED_FIRST_NAME,
  lastName: ERASED_LAST_NAME,
  customerFirstName: ERASED_FIRST_NAME,
  customerLastName: ERASED_LAST_NAME,
  customerName: `${ERASED_FIRST_NAME} ${ERASED_LAST_NAME}`,
  name: ERASED_TEXT,
  email: '',
  customerEmail: '',
  phone: '',
  customerPhone: '',
  street: '',
  deliveryStreet: '',
};

/**
 * A JSON value with the person taken out: notes cleared, contact fields of a `customer` object
 * replaced, every other string redacted. Item names (`name` outside a customer) stay unless
 * they mention the person.
 */
export function redactJson(
  value: unknown,
  redact: (text: string) => string,
  inCustomer = false,
): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, redact, inCustomer));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (NOTE_KEYS.has(key) && (typeof inner === 'string' || inner === null)) {
      out[key] = inner === null ? null : '';
    } else if (typeof inner === 'string' && key in CONTACT_KEYS && (inCustomer || key !== 'name')) {
      out[key] = CONTACT_KEYS[key];
    } else {
      out[key] = redactJson(inner, redact, inCustomer || key === 'customer');
    }
  }
  return out;
}

/** A stored text that may be JSON (a webhook body, a stored answer): redacted as JSON if it is. */
function redactStoredText(text: string, redact: (text: string) => string): string {
  try {
    return JSON.stringify(redactJson(JSON.parse(text) as unknown, redact));
  } catch {
    return redact(text);
  }
}

/** Text columns written by staff or a provider, searched in every row. */
const FREE_TEXT_COLUMNS: { column: PgColumn; key: PgColumn }[] = [
  { column: auditLog.subject, key: auditLog.id },
  { column: auditLog.detail, key: auditLog.id },
  { column: orders.deletedReason, key: orders.id },
  { column: orders.platformError, key: orders.id },
  { column: payments.failureReason, key: payments.id },
  { column: cashDrawerSessions.note, key: cashDrawerSessions.id },
  { column: cashDrawerMovements.reason, key: cashDrawerMovements.id },
  { column: refunds.reason, key: refunds.id },
  { column: refunds.providerMessage, key: refunds.id },
  { column: platformEvents.error, key: platformEvents.id },
  { column: outboundJobs.outcome, key: outboundJobs.id },
];

async function redactFreeText(
  tx: Tx,
  { column, key }: { column: PgColumn; key: PgColumn },
  sieve: string,
  redact: (text: string) => string,
) {
  const rows = (await tx
    .select({ key, text: column })
    .from(column.table)
    .where(sql`${column} ~* ${sieve}`)) as { key: string | number; text: string | null }[];
  for (const row of rows) {
    if (row.text === null) continue;
    const redacted = redact(row.text);
    if (redacted !== row.text) {
      await tx.execute(
        sql`update ${column.table} set ${sql.identifier(column.name)} = ${redacted} where ${key} = ${row.key}`,
      );
    }
  }
}

/**
 * DELETE /api/admin/customers/:id. The customer row stays, with a placeholder e-mail that is
 * nobody's, so past days keep their customer counts; the audit log names them by number only.
 */
export async function eraseCustomer(
  db: Db,
  customerId: string,
  actor: StaffUser,
  now: Date,
): Promise<{ id: string; customerNumber: number; orders: number }> {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select()
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    if (!customer || customer.erasedAt) throw notFound('Customer not found.');
    const email = customer.email.toLowerCase();

    // Their orders: linked by id, and any placed with the same e-mail before a record existed.
    const theirOrders = await tx
      .select()
      .from(orders)
      .where(sql`${orders.customerId} = ${customerId} or lower(${orders.customerEmail}) = ${email}`)
      .for('update');
    const orderIds = theirOrders.map((order) => order.id);
    const lineNotes = orderIds.length
      ? await tx
          .select({ note: orderItems.specialInstructions })
          .from(orderItems)
          .where(inArray(orderItems.orderId, orderIds))
      : [];

    const needles = personNeedles({
      names: [
        customer.firstName,
        customer.lastName,
        ...theirOrders.flatMap((order) => [order.customerFirstName, order.customerLastName]),
      ],
      literals: [
        customer.email,
        ...theirOrders.flatMap((order) => [
          order.customerEmail,
          order.specialInstructions,
          order.deliveryStreet,
        ]),
        ...lineNotes.map((line) => line.note),
      ],
      phones: [customer.phone, ...theirOrders.map((order) => order.customerPhone)],
    });
    const redact = textRedactor(needles);
    const sieve = patternsOf(needles).pg.join('|');
    const emails = distinct([customer.email, ...theirOrders.map((o) => o.customerEmail)], 3);

    await tx
      .update(customers)
      .set({
        firstName: ERASED_FIRST_NAME,
        lastName: ERASED_LAST_NAME,
        email: `erased-${customer.customerNumber}@erased.invalid`,
        phone: '',
        erasedAt: now,
      })
      .where(eq(customers.id, customerId));

    if (orderIds.length > 0) {
      await tx
        .update(orders)
        .set({
          customerFirstName: ERASED_FIRST_NAME,
          customerLastName: ERASED_LAST_NAME,
          customerEmail: '',
          customerPhone: '',
          deliveryStreet: null,
          deliveryCity: null,
          deliveryPostalCode: null,
          specialInstructions: null,
          customerErasedAt: now,
        })
        .where(inArray(orders.id, orderIds));
      await tx
        .update(orderItems)
        .set({ specialInstructions: null })
        .where(inArray(orderItems.orderId, orderIds));
      // A device that asked to hear about their order is theirs.
      await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.orderId, orderIds));
    }

    // The payment requests hold the order as priced: customer, notes.
    const paymentIds = theirOrders.flatMap((order) => (order.paymentId ? [order.paymentId] : []));
    const byEmail = or(
      sql`false`,
      ...emails.map(
        (address) =>
          sql`lower(${payments.orderData}->'customer'->>'email') = ${address.toLowerCase()}`,
      ),
    );
    const theirPayments = await tx
      .select({ id: payments.id, orderData: payments.orderData })
      .from(payments)
      .where(paymentIds.length ? or(inArray(payments.id, paymentIds), byEmail) : byEmail);
    for (const payment of theirPayments) {
      await tx
        .update(payments)
        .set({ orderData: redactJson(payment.orderData, redact) as typeof payment.orderData })
        .where(eq(payments.id, payment.id));
    }

    if (orderIds.length > 0) {
      const events = await tx
        .select({ sequence: orderEvents.sequence, event: orderEvents.event })
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, orderIds));
      for (const row of events) {
        await tx
          .update(orderEvents)
          .set({ event: redactJson(row.event, redact) as typeof row.event })
          .where(eq(orderEvents.sequence, row.sequence));
      }
    }

    // Jobs about their orders or naming them (an e-mail to them): redacted, and those not yet
    // done are not done at all (no receipt goes to a person who asked to be forgotten).
    const jobFilter = [
      ...(orderIds.length ? [inArray(outboundJobs.orderId, orderIds)] : []),
      ...(sieve ? [sql`${outboundJobs.payload}::text ~* ${sieve}`] : []),
    ];
    const jobs = jobFilter.length
      ? await tx
          .select({
            id: outboundJobs.id,
            payload: outboundJobs.payload,
            doneAt: outboundJobs.doneAt,
          })
          .from(outboundJobs)
          .where(or(...jobFilter))
      : [];
    for (const job of jobs) {
      await tx
        .update(outboundJobs)
        .set({
          payload: redactJson(job.payload, redact) as typeof job.payload,
          ...(job.doneAt === null ? { doneAt: now, outcome: 'customer erased' } : {}),
        })
        .where(eq(outboundJobs.id, job.id));
    }

    // The platform's own copy of their order (a Wolt or Bolt webhook), if one is linked.
    const externalIds = theirOrders.flatMap((order) =>
      order.externalId ? [order.externalId] : [],
    );
    const platformFilter: SQL[] = [
      ...(orderIds.length ? [inArray(platformEvents.orderId, orderIds)] : []),
      ...(externalIds.length ? [inArray(platformEvents.externalOrderId, externalIds)] : []),
      ...(sieve ? [sql`${platformEvents.body} ~* ${sieve}`] : []),
    ];
    const platformRows = platformFilter.length
      ? await tx
          .select({ id: platformEvents.id, body: platformEvents.body })
          .from(platformEvents)
          .where(or(...platformFilter))
      : [];
    for (const row of platformRows) {
      await tx
        .update(platformEvents)
        .set({ body: redactStoredText(row.body, redact) })
        .where(eq(platformEvents.id, row.id));
    }

    // Stored answers of order-creating calls (their order as it was answered).
    const answerFilter: SQL[] = [
      ...orderIds.map((id) => sql`${idempotencyKeys.responseBody} like ${`%${id}%`}`),
      ...(sieve ? [sql`${idempotencyKeys.responseBody} ~* ${sieve}`] : []),
    ];
    const answers = answerFilter.length
      ? await tx
          .select({
            route: idempotencyKeys.route,
            key: idempotencyKeys.key,
            body: idempotencyKeys.responseBody,
          })
          .from(idempotencyKeys)
          .where(or(...answerFilter))
      : [];
    for (const answer of answers) {
      if (answer.body === null) continue;
      await tx
        .update(idempotencyKeys)
        .set({ responseBody: redactStoredText(answer.body, redact) })
        .where(and(eq(idempotencyKeys.route, answer.route), eq(idempotencyKeys.key, answer.key)));
    }

    if (sieve) {
      for (const freeText of FREE_TEXT_COLUMNS) await redactFreeText(tx, freeText, sieve, redact);
    }

    await tx.insert(auditLog).values({
      at: now,
      actorStaffId: actor.id,
      actorName: actor.name,
      action: 'customer.erased',
      subject: `Customer ${customerNumberLabel(customer.customerNumber)}`,
      detail: `Name, contact details and notes erased from the customer, ${orderIds.length} order(s) and everything linked to them; amounts kept.`,
    });
    return { id: customer.id, customerNumber: customer.customerNumber, orders: orderIds.length };
  });
}
