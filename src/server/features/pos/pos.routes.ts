/**
 * The counter (spec back-office "Admin POS", "Staff POS"): a cash sale is priced and stored at
 * once through the order pipeline (orders/place-order.ts), with the signed-in user as the one
 * who took it, and reaches the kitchen like any paid order. Each call is idempotent
 * (http/idempotency.ts): a double tap or a retry after a dropped answer makes one order.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../http/errors.ts';
import { centsToDecimalString, eurosToCents } from '#shared/money.ts';
import {
  createCustomerRequestSchema,
  createCustomerResponseSchema,
  POS_MESSAGES,
  posOrderRequestSchema,
  posOrderResponseSchema,
  type PosCustomer,
} from '#shared/pos/pos.schema.ts';
import { linkCustomer, placeOrder, vatOfOrders } from '../orders/index.ts';
import { checkCounterTotal, counterCeilingCents } from './counter-limits.ts';
import { cashSaleDrawer, drawerIsOpen } from '../cash-drawer/index.ts';
import {
  CASH_DRAWER_MESSAGES,
  type CashDrawerChoice,
} from '#shared/cash-drawer/cash-drawer.schema.ts';

type PosOrderInput = z.output<typeof posOrderRequestSchema>;

const hasEveryField = (customer: PosCustomer | undefined) =>
  Boolean(customer?.firstName && customer.lastName && customer.email && customer.phone);

/** The customer as the order keeps them; a sale with no name nor e-mail keeps none. */
function orderCustomer(customer: PosCustomer | undefined) {
  if (!customer || !(customer.firstName || customer.lastName || customer.email)) return null;
  return customer;
}

function cashCentsOf(value: number | string | undefined): number | null {
  if (value === undefined) return null;
  let cents: number;
  try {
    cents = eurosToCents(value);
  } catch {
    throw badRequest('cashReceived: not an amount of money');
  }
  if (cents < 0) throw badRequest('cashReceived: not an amount of money');
  return cents;
}

import { vatRowsToDto } from '#shared/vat/vat.ts';

export async function posFeature(app: AppInstance) {
  const { db, orderEvents: events, now } = app;
  /**
   * Every cash sale belongs to a drawer session (decision 012, update 2026-11-25): with none
   * open it is refused, unless the admin chose to record it against the day's next session.
   */
  async function sellForCash(
    request: FastifyRequest,
    input: PosOrderInput,
    drawerChoice: CashDrawerChoice | null = null,
  ) {
    const staffId = request.user?.id;
    if (!staffId) throw unauthorized();
    // A first look, so a sale with no drawer is refused before it is priced; the sale's own
    // transaction decides under the drawer's lock (cashSaleDrawer).
    if (drawerChoice === null && !(await drawerIsOpen(db))) {
      throw conflict(CASH_DRAWER_MESSAGES.openBeforeCash);
    }
    const cashCents = cashCentsOf(input.cashReceived);
    const ceilingCents = await counterCeilingCents(db);
    const order = await placeOrder(
      db,
      {
        source: 'pos',
        type: 'pickup',
        lines: input.items,
        customer: orderCustomer(input.customer),
        specialInstructions: input.specialInstructions,
        takenByStaffId: staffId,
      },
      {
        method: 'cash',
        status: 'paid',
        now: now(),
        cashReceivedCents: cashCents,
        // Kept with the order: a retry after a crash or the keys' sweep finds it (decision 007).
        key: request.idempotency,
        drawer: (tx) => cashSaleDrawer(tx, drawerChoice),
        // The counter's ceiling (counter-limits.ts); spec back-office POS rules: the cash
        // received must cover the total.
        check: (priced) => {
          checkCounterTotal(priced.totalCents, ceilingCents);
          if (cashCents !== null && cashCents < priced.totalCents) {
            throw badRequest(POS_MESSAGES.insufficientCash);
          }
        },
      },
      events,
    );
    const totalCents = order.totalCents;
    // The counter receipt's VAT per rate (decision 022), from the lines as stored.
    const vat = await vatOfOrders(db, [{ id: order.id, totalCents, deliveryFeeCents: 0 }]);
    return {
      id: order.id,
      orderNumber: order.orderNumber,
      total: centsToDecimalString(order.totalCents),
      change: centsToDecimalString(order.changeCents ?? 0),
      vat: vatRowsToDto(vat.get(order.id) ?? []),
    };
  }

  // Staff POS: the customer's e-mail is optional (spec back-office POS rules).
  app.post(
    '/api/orders',
    {
      schema: { body: posOrderRequestSchema, response: { 201: posOrderResponseSchema } },
      config: { idempotent: true },
    },
    async (request, reply) => {
      // Only the admin may take cash with no drawer open (admin POS).
      if (request.body.cashDrawer) throw forbidden(POS_MESSAGES.nextSessionAdminOnly);
      return reply.code(201).send(await sellForCash(request, request.body));
    },
  );

  // Admin POS: name, e-mail and phone are required.
  app.post(
    '/api/admin/orders',
    {
      schema: { body: posOrderRequestSchema, response: { 201: posOrderResponseSchema } },
      config: { idempotent: true },
    },
    async (request, reply) => {
      if (!hasEveryField(request.body.customer)) {
        throw badRequest(POS_MESSAGES.customerInformation);
      }
      return reply
        .code(201)
        .send(await sellForCash(request, request.body, request.body.cashDrawer ?? null));
    },
  );

  // Spec: POST /api/customers (firstName, lastName, email, phone) returns the id. A known
  // e-mail returns its customer, whose name and phone stay as they were (linkCustomer).
  app.post(
    '/api/customers',
    {
      schema: {
        body: createCustomerRequestSchema,
        response: { 201: createCustomerResponseSchema },
      },
      config: { idempotent: true },
    },
    async (request, reply) => {
      const id = request.body.email ? await linkCustomer(db, request.body) : null;
      if (!id) throw badRequest(POS_MESSAGES.customerEmail);
      return reply.code(201).send({ id });
    },
  );
}
