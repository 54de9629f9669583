/**
 * What is in the books (docs/operations.md "Running the day"; decision 012, update
 * 2026-11-25): one rule for every figure on every screen (dashboard, calendar, Z report, CSV,
 * analytics).
 *
 * - An order is in the books when it is paid, not deleted (DESIGN.md departure 10) and not a
 *   test order. Revenue, paid counts, item sales and the drawer's cash are sums over these.
 * - A test order (`orders.is_test`: paid through the payment simulator, or a Wolt/Bolt Test
 *   Order) is never revenue and in no count, on any channel. It is still listed (marked TEST)
 *   and cooked, and each screen that leaves test orders out says how many it left out.
 */
import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema.ts';

/** Not a test order: the part of the rule that also applies to counts of any order. */
export const notATestOrder = sql`(not ${orders.isTest})`;

/** Paid, not deleted, not a test order: the orders every figure sums. */
export const countsInTheBooks = sql`(${orders.paymentStatus} = 'paid' and ${orders.deletedAt} is null and ${notATestOrder})`;

/** How many (not deleted) test orders a figure left out: what each screen states. */
export const testOrdersNotCounted = sql<number>`(count(*) filter (where ${orders.isTest} and ${orders.deletedAt} is null))::int`;
