/**
 * Prices an order from the database (DESIGN.md "Rules the server owns"): the
 * client's names and amounts are ignored; every line is its item's base price
 * plus the prices of the chosen add-ons linked to that item.
 */
import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { menuItems } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { OrderLineInput } from '#shared/checkout/checkout.schema.ts';
import { normaliseInstructions } from '#shared/cart/cart.ts';
import { formatEuroCents } from '#shared/money.ts';
import { getSettings } from '../settings/index.ts';
import { getShopTimeZone } from '../shop-hours/index.ts';
import { soldOutAt } from '../menu/index.ts';
import { backAtLabel } from '#shared/menu/sold-out.ts';
import type { PricedLine } from '#shared/orders/priced-order.ts';

/**
 * Sold out on every channel (decision 010): the message names the line to remove and, when it
 * comes back by itself, the time in the shop's zone.
 */
function soldOutMessage(name: string, soldOut: { until: string | null }, timeZone: string) {
  const back = soldOut.until === null ? '' : ` (${backAtLabel(soldOut.until, timeZone)})`;
  return `"${name}" is sold out${back}. Please remove it from your order.`;
}

/** An option as the pricing query answers it (JSON: the time is a string). */
interface OptionJson {
  name: string;
  priceCents?: number;
  soldOut?: boolean;
  soldOutUntil?: string | null;
}

const optionOf = (option: OptionJson) => ({
  name: option.name,
  priceCents: option.priceCents ?? 0,
  soldOut: option.soldOut ?? false,
  soldOutUntil: option.soldOutUntil ? new Date(option.soldOutUntil) : null,
});

/** node-postgres and PGlite both parse json; a driver that does not still works. */
const parsedJson = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * `timeZone`: the shop's, when the caller has read it already (else it is read here).
 * One query for the whole cart, whatever its size: each item with its sauces, add-ons and
 * breads as JSON.
 */
export async function priceLines(
  db: Db,
  lines: OrderLineInput[],
  now: Date,
  knownTimeZone?: string,
): Promise<PricedLine[]> {
  const ids = [...new Set(lines.map((line) => line.menuItemId))];
  const [rows, timeZone] = await Promise.all([
    db
      .select({
        ...getTableColumns(menuItems),
        // NOTE: written out with table names: in a one-table select Drizzle leaves them off
        // interpolated columns, and "id" would then mean the option's own.
        sauces: sql<unknown>`(
          select coalesce(json_agg(json_build_object(
            'name', s.name, 'soldOut', s.sold_out, 'soldOutUntil', s.sold_out_until)), '[]')
          from menu_item_sauce_options l join sauce_options s on s.id = l.sauce_option_id
          where l.menu_item_id = "menu_items"."id")`,
        addOns: sql<unknown>`(
          select coalesce(json_agg(json_build_object(
            'name', a.name, 'priceCents', a.price_cents,
            'soldOut', a.sold_out, 'soldOutUntil', a.sold_out_until)), '[]')
          from menu_item_addon_options l join addon_options a on a.id = l.addon_option_id
          where l.menu_item_id = "menu_items"."id")`,
        breads: sql<unknown>`(
          select coalesce(json_agg(json_build_object('name', b.name)), '[]')
          from menu_item_bread_options l join bread_options b on b.id = l.bread_option_id
          where l.menu_item_id = "menu_items"."id")`,
      })
      .from(menuItems)
      .where(inArray(menuItems.id, ids)),
    knownTimeZone ?? getShopTimeZone(db),
  ]);
  const items = rows.map(({ sauces: _sauces, addOns: _addOns, breads: _breads, ...item }) => item);
  const sauceLinks = rows.flatMap((row) =>
    parsedJson<OptionJson[]>(row.sauces).map((option) => ({
      menuItemId: row.id,
      ...optionOf(option),
    })),
  );
  const addonLinks = rows.flatMap((row) =>
    parsedJson<OptionJson[]>(row.addOns).map((option) => ({
      menuItemId: row.id,
      ...optionOf(option),
    })),
  );
  const breadLinks = rows.flatMap((row) =>
    parsedJson<OptionJson[]>(row.breads).map((option) => ({
      menuItemId: row.id,
      name: option.name,
    })),
  );
  const itemById = new Map(items.map((item) => [item.id, item]));

  return lines.map((line) => {
    const item = itemById.get(line.menuItemId);
    const label = line.name?.trim() || line.menuItemId;
    if (!item || item.isHidden) throw badRequest(`"${label}" is not on the menu any more.`);
    if (!item.isAvailable) throw badRequest(`"${item.name}" is sold out right now.`);
    const itemSoldOut = soldOutAt(item, now);
    if (itemSoldOut) throw badRequest(soldOutMessage(item.name, itemSoldOut, timeZone));

    const sauce = line.customizations.sauce ?? null;
    if (sauce !== null) {
      const offered = sauceLinks.find((link) => link.menuItemId === item.id && link.name === sauce);
      if (!offered) throw badRequest(`"${sauce}" is not a sauce offered with "${item.name}".`);
      const sauceSoldOut = soldOutAt(offered, now);
      if (sauceSoldOut) {
        throw badRequest(
          soldOutMessage(`${sauce}" sauce on "${item.name}`, sauceSoldOut, timeZone),
        );
      }
    }
    const bread = line.customizations.bread ?? null;
    if (
      bread !== null &&
      !breadLinks.some((link) => link.menuItemId === item.id && link.name === bread)
    ) {
      throw badRequest(`"${bread}" is not a bread offered with "${item.name}".`);
    }
    const chosenAddOns = [...new Set(line.customizations.addOns)].map((name) => {
      const addOn = addonLinks.find((link) => link.menuItemId === item.id && link.name === name);
      if (!addOn) throw badRequest(`"${name}" is not an add-on offered with "${item.name}".`);
      const addOnSoldOut = soldOutAt(addOn, now);
      if (addOnSoldOut) {
        throw badRequest(soldOutMessage(`${name}" on "${item.name}`, addOnSoldOut, timeZone));
      }
      return { name: addOn.name, priceCents: addOn.priceCents };
    });

    const unitPriceCents =
      item.basePriceCents + chosenAddOns.reduce((sum, addOn) => sum + addOn.priceCents, 0);
    return {
      menuItemId: item.id,
      name: item.name,
      basePriceCents: item.basePriceCents,
      unitPriceCents,
      quantity: line.quantity,
      totalPriceCents: unitPriceCents * line.quantity,
      sauce,
      bread,
      addOns: chosenAddOns,
      specialInstructions: normaliseInstructions(line.customizations.specialInstructions) ?? null,
      prepUnits: item.prepUnits,
    };
  });
}

export function sumLines(lines: PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.totalPriceCents, 0);
}

/**
 * The shop's ceilings (settings max_line_quantity and max_order_total): an order past them is
 * refused with a message that says what to do, before any payment starts.
 */
export async function checkOrderLimits(
  db: Db,
  lines: Pick<PricedLine, 'name' | 'quantity'>[],
  totalCents: number,
  /** The three settings, when the caller has read them already. */
  knownLimits?: Record<'max_line_quantity' | 'max_order_total' | 'shop_phone', string>,
) {
  const limits =
    knownLimits ?? (await getSettings(db, ['max_line_quantity', 'max_order_total', 'shop_phone']));
  const maxQuantity = Number(limits.max_line_quantity);
  const call = limits.shop_phone ? ` please call us on ${limits.shop_phone}` : ' please call us';
  for (const line of lines) {
    if (line.quantity > maxQuantity) {
      throw badRequest(
        `You can order at most ${maxQuantity} × "${line.name}" online. For more,${call}.`,
      );
    }
  }
  const maxTotalCents = Math.round(Number(limits.max_order_total) * 100);
  if (totalCents > maxTotalCents) {
    throw badRequest(
      `Online orders can be at most ${formatEuroCents(maxTotalCents)}. For a bigger order,${call}.`,
    );
  }
}
