import { Readable } from 'node:stream';
import { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import { shopToday } from '../shop-hours/index.ts';
import {
  adminCustomerSchema,
  adminOrderSchema,
  adminOrdersQuerySchema,
  auditEntrySchema,
  dashboardStatsSchema,
  dayStringSchema,
  deleteOrderSchema,
  exportRangeSchema,
  itemSaleSchema,
  paymentStatusUpdateSchema,
} from '#shared/admin-dashboard/dashboard.schema.ts';
import {
  dayOrders,
  dayStats,
  deleteOrder,
  itemSales,
  listAuditLog,
  listCustomers,
  recentOrders,
  setPaymentStatus,
  toAdminOrders,
} from './dashboard.service.ts';
import { orderLinesCsv, ordersCsv } from './orders-export.ts';
import { refundsCsv } from '../orders/index.ts';
import { eraseCustomer } from './customer-erasure.ts';

const dateParams = z.object({ date: dayStringSchema });
const idParams = z.object({ id: z.uuid({ error: 'Not found.' }) });

/** The admin dashboard's calls (spec back-office §7 "Analytics and dashboard"); admin only. */
export async function dashboardFeature(app: AppInstance) {
  const { db, now, orderEvents: events } = app;

  app.get('/api/admin/stats', { schema: { response: { 200: dashboardStatsSchema } } }, async () =>
    dayStats(db, await shopToday(db, now())),
  );
  app.get(
    '/api/admin/stats/:date',
    { schema: { params: dateParams, response: { 200: dashboardStatsSchema } } },
    (request) => dayStats(db, request.params.date),
  );

  app.get(
    '/api/admin/item-sales',
    { schema: { response: { 200: z.array(itemSaleSchema) } } },
    async () => itemSales(db, await shopToday(db, now())),
  );
  app.get(
    '/api/admin/item-sales/:date',
    { schema: { params: dateParams, response: { 200: z.array(itemSaleSchema) } } },
    (request) => itemSales(db, request.params.date),
  );

  app.get('/api/admin/orders', { schema: { response: { 200: z.array(adminOrderSchema) } } }, () =>
    recentOrders(db),
  );
  // Spec: GET /api/admin/orders/{date}. The router names a path segment once for all methods,
  // and DELETE /api/admin/orders/:id and the kitchen's PUT …/:id/kitchen-status were first:
  // the segment is called `id` here too, and holds a date.
  app.get(
    '/api/admin/orders/:id',
    {
      schema: {
        params: z.object({ id: dayStringSchema }),
        querystring: adminOrdersQuerySchema,
        response: { 200: z.array(adminOrderSchema) },
      },
    },
    (request) =>
      dayOrders(db, request.params.id, {
        deleted: request.query.deleted,
        orderId: request.query.order,
      }),
  );

  app.delete(
    '/api/admin/orders/:id',
    { schema: { params: idParams, body: deleteOrderSchema } },
    async (request) => {
      const order = await deleteOrder(
        db,
        request.params.id,
        request.user!,
        request.body.reason,
        now(),
      );
      events.wake();
      return { id: order.id, orderNumber: order.orderNumber };
    },
  );

  app.patch(
    '/api/orders/:id/payment',
    {
      schema: {
        params: idParams,
        body: paymentStatusUpdateSchema,
        response: { 200: adminOrderSchema },
      },
    },
    async (request) => {
      const order = await setPaymentStatus(
        db,
        request.params.id,
        request.body.paymentStatus,
        request.user!,
        now(),
      );
      events.wake();
      const [view] = await toAdminOrders(db, [order]);
      return view!;
    },
  );

  app.get(
    '/api/admin/customers',
    { schema: { response: { 200: z.array(adminCustomerSchema) } } },
    () => listCustomers(db),
  );
  app.delete('/api/admin/customers/:id', { schema: { params: idParams } }, (request) =>
    eraseCustomer(db, request.params.id, request.user!, now()),
  );

  app.get(
    '/api/admin/audit-log',
    { schema: { response: { 200: z.array(auditEntrySchema) } } },
    () => listAuditLog(db),
  );

  for (const [file, build] of [
    ['orders', ordersCsv],
    ['order-lines', orderLinesCsv],
    [
      'refunds',
      async function* (...args: Parameters<typeof refundsCsv>) {
        yield await refundsCsv(...args);
      },
    ],
  ] as const) {
    app.get(
      `/api/admin/export/${file}.csv`,
      { schema: { querystring: exportRangeSchema } },
      async (request, reply) => {
        const { from, to } = request.query;
        const name = from === to ? `${file}-${from}.csv` : `${file}-${from}-to-${to}.csv`;
        // The header line is read before the answer starts, so a failure there is still an
        // error answer; the rows then stream a page at a time (orders-export.ts).
        const chunks = build(db, from, to);
        const first = await chunks.next();
        async function* whole() {
          if (!first.done) yield first.value;
          yield* chunks;
        }
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${name}"`)
          .header('Cache-Control', 'no-store')
          .send(Readable.from(whole()));
      },
    );
  }
}
