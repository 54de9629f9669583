/** Orders inserted straight through Drizzle (no payment flow), for tests that need some. */
import type { Db } from '#server/db/client.ts';
import { orderItems, orders } from '#server/db/schema.ts';

type OrderRow = typeof orders.$inferSelect;
type OrderItemInsert = Omit<typeof orderItems.$inferInsert, 'orderId'>;

export interface OrderOverrides extends Partial<Omit<typeof orders.$inferInsert, 'orderNumber'>> {
  /** Lines of the order; by default one burger at 10.90. */
  items?: OrderItemInsert[];
}

export async function createOrder(db: Db, overrides: OrderOverrides = {}): Promise<OrderRow> {
  const {
    items = [
      {
        name: 'Classic Smash Burger',
        basePriceCents: 1090,
        unitPriceCents: 1090,
        quantity: 1,
        totalPriceCents: 1090,
      },
    ],
    ...columns
  } = overrides;
  const subtotalCents = items.reduce((sum, item) => sum + item.totalPriceCents, 0);
  const [order] = await db
    .insert(orders)
    .values({
      paymentMethod: 'viva-wallet',
      paymentStatus: 'paid',
      status: 'pending',
      subtotalCents,
      totalCents: subtotalCents,
      customerFirstName: 'Mari',
      customerLastName: 'Maasikas',
      customerEmail: 'mari@example.com',
      customerPhone: '+372 5555 0100',
      ...columns,
    })
    .returning();
  if (items.length > 0) {
    await db
      .insert(orderItems)
      .values(items.map((item, position) => ({ position, ...item, orderId: order!.id })));
  }
  return order!;
}
