/**
 * Discounts (spec back-office §3, §5, §7 "Menu"): the admin's list, the POS's list of those that
 * apply now, and the window check the order pipeline uses (shared/discounts/discount-rules.ts).
 * Fixed amounts and the minimum order are cents inside, euros at the edge; a percentage is whole.
 */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { discounts } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { centsToEuros, eurosToCents } from '#shared/money.ts';
import { discountInWindow } from '#shared/discounts/discount-rules.ts';
import type { Discount, discountWriteSchema } from '#shared/menu/menu-admin.schema.ts';
import { getShopTimeZone } from '../shop-hours/index.ts';

type DiscountRow = typeof discounts.$inferSelect;
type DiscountFields = Omit<z.output<typeof discountWriteSchema>, 'id'>;

function toDiscount(row: DiscountRow): Discount {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    value: row.type === 'percentage' ? row.value : centsToEuros(row.value),
    minOrderAmount: centsToEuros(row.minOrderAmountCents),
    isActive: row.isActive,
    posOnly: row.posOnly,
    validFrom: row.validFrom,
    validTo: row.validTo,
    weekdays: row.weekdays,
    timeFrom: row.timeFrom,
    timeTo: row.timeTo,
  };
}

const columns = (fields: DiscountFields) => ({
  name: fields.name,
  description: fields.description,
  type: fields.type,
  value: fields.type === 'percentage' ? fields.value : eurosToCents(fields.value),
  minOrderAmountCents: eurosToCents(fields.minOrderAmount),
  isActive: fields.isActive,
  posOnly: fields.posOnly,
  validFrom: fields.validFrom,
  validTo: fields.validTo,
  weekdays: [...new Set(fields.weekdays)].sort(),
  timeFrom: fields.timeFrom,
  timeTo: fields.timeTo,
});

export async function listDiscounts(db: Db): Promise<Discount[]> {
  const rows = await db.select().from(discounts).orderBy(asc(discounts.name));
  return rows.map(toDiscount);
}

/** Whether the row may be offered and accepted at `now` (active and inside its window). */
export const discountOpen = (row: DiscountRow, now: Date, timeZone: string) =>
  row.isActive && discountInWindow(row, now, timeZone);

/** GET /api/admin/discounts/active: what the counter may offer right now. */
export async function listActiveDiscounts(db: Db, now: Date): Promise<Discount[]> {
  const [rows, timeZone] = await Promise.all([
    db.select().from(discounts).where(eq(discounts.isActive, true)).orderBy(asc(discounts.name)),
    getShopTimeZone(db),
  ]);
  return rows.filter((row) => discountOpen(row, now, timeZone)).map(toDiscount);
}

export async function createDiscount(db: Db, id: string, fields: DiscountFields) {
  try {
    const [row] = await db
      .insert(discounts)
      .values({ id, ...columns(fields) })
      .returning();
    return toDiscount(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A discount with id "${id}" already exists.`);
    throw error;
  }
}

export async function updateDiscount(db: Db, id: string, fields: DiscountFields) {
  const [row] = await db
    .update(discounts)
    .set(columns(fields))
    .where(eq(discounts.id, id))
    .returning();
  if (!row) throw notFound(`Discount "${id}" not found.`);
  return toDiscount(row);
}

export async function setDiscountStatus(db: Db, id: string, isActive: boolean) {
  const [row] = await db
    .update(discounts)
    .set({ isActive })
    .where(eq(discounts.id, id))
    .returning();
  if (!row) throw notFound(`Discount "${id}" not found.`);
  return toDiscount(row);
}

/** Orders keep the discount they got (order_items.discount is a copy), so deleting is safe. */
export async function deleteDiscount(db: Db, id: string) {
  const deleted = await db
    .delete(discounts)
    .where(eq(discounts.id, id))
    .returning({ id: discounts.id });
  if (deleted.length === 0) throw notFound(`Discount "${id}" not found.`);
}
