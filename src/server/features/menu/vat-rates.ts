/**
 * Which VAT rate a line is sold at (decision 022): the item's own rate, else its category's;
 * eat-in (a table order) and take-away (everything else) each have theirs. A line with no menu
 * item (a platform's unmapped item) or no category takes the shop's default (settings).
 */
import { sql, type SQL } from 'drizzle-orm';
import { categories, menuItems, settings } from '../../db/schema.ts';
import type { OrderType } from '#shared/orders/order-states.ts';

/** Greece's food rate (integrations.md §5.3), when even the shop's default setting is unreadable. */
const LAST_RESORT_BP = 1300;

/** Eat-in rates apply to an order eaten at a table (DESIGN.md departure 15). */
const isEatIn = (type: OrderType) => type === 'dine-in';

/**
 * The rate in basis points as an SQL expression, read when the line is written: the order
 * keeps it (order_items.vat_rate_bp), so a later change of the menu never rewrites a receipt.
 */
export function lineVatRateSql(menuItemId: string | null, type: OrderType): SQL {
  const eatIn = isEatIn(type);
  const itemRate = eatIn ? menuItems.vatEatInBp : menuItems.vatTakeAwayBp;
  const categoryRate = eatIn ? categories.vatEatInBp : categories.vatTakeAwayBp;
  const defaultKey = eatIn ? 'vat_default_eat_in' : 'vat_default_take_away';
  return sql`coalesce(
    (select coalesce(${itemRate}, ${categoryRate}) from ${menuItems}
      left join ${categories} on ${categories.id} = ${menuItems.categoryId}
      where ${menuItems.id} = ${menuItemId}),
    (select round(${settings.value}::numeric * 100)::integer from ${settings}
      where ${settings.key} = ${defaultKey} and ${settings.value} ~ '^[0-9]{1,3}([.][0-9]{1,2})?$'),
    ${LAST_RESORT_BP})`;
}
