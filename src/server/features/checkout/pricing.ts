/**
 * Prices an order from the database (DESIGN.md "Rules the server owns"): the
 * client's names and amounts are ignored; every line is its item's base price
 * plus the prices of the chosen add-ons linked to that item.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  addonOptions,
  breadOptions,
  menuItemAddonOptions,
  menuItemBreadOptions,
  menuItemSauceOptions,
  menuItems,
  sauceOptions,
} from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { OrderLineInput } from '#shared/checkout/checkout.schema.ts';
import { normaliseInstructions } from '#shared/cart/cart.ts';
import { formatEuroCents } from '#shared/money.ts';
import { getSettings } from '../settings/settings.service.ts';
import { getShopTimeZone } from '../shop-hours/shop-hours.service.ts';
import { soldOutAt } from '../menu/menu.service.ts';
import { backAtLabel } from '#shared/menu/sold-out.ts';

export interface PricedLine {
  menuItemId: string;
  name: string;
  basePriceCents: number;
  unitPriceCents: number;
  quantity: number;
  totalPriceCents: number;
  sauce: string | null;
  bread: string | null;
  addOns: { name: string; priceCents: number }[];
  specialInstructions: string | null;
}

/**
 * Sold out on every channel (decision 010): the message names the line to remove and, when it
 * comes back by itself, the time in the shop's zone.
 */
function soldOutMessage(name: string, soldOut: { until: string | null }, timeZone: string) {
  const back = soldOut.until === null ? '' : ` (${backAtLabel(soldOut.until, timeZone)})`;
  return `"${name}" is sold out${back}. Please remove it from your order.`;
}

export async function priceLines(
  db: Db,
  lines: OrderLineInput[],
  now: Date,
): Promise<PricedLine[]> {
  const ids = [...new Set(lines.map((line) => line.menuItemId))];
  // Four queries for the whole cart, whatever its size.
  const [items, sauceLinks, addonLinks, breadLinks, timeZone] = await Promise.all([
    db.select().from(menuItems).where(inArray(menuItems.id, ids)),
    db
      .select({
        menuItemId: menuItemSauceOptions.menuItemId,
        name: sauceOptions.name,
        soldOut: sauceOptions.soldOut,
        soldOutUntil: sauceOptions.soldOutUntil,
      })
      .from(menuItemSauceOptions)
      .innerJoin(sauceOptions, eq(sauceOptions.id, menuItemSauceOptions.sauceOptionId))
      .where(inArray(menuItemSauceOptions.menuItemId, ids)),
    db
      .select({
        menuItemId: menuItemAddonOptions.menuItemId,
        name: addonOptions.name,
        priceCents: addonOptions.priceCents,
        soldOut: addonOptions.soldOut,
        soldOutUntil: addonOptions.soldOutUntil,
      })
      .from(menuItemAddonOptions)
      .innerJoin(addonOptions, eq(addonOptions.id, menuItemAddonOptions.addonOptionId))
      .where(inArray(menuItemAddonOptions.menuItemId, ids)),
    db
      .select({ menuItemId: menuItemBreadOptions.menuItemId, name: breadOptions.name })
      .from(menuItemBreadOptions)
      .innerJoin(breadOptions, eq(breadOptions.id, menuItemBreadOptions.breadOptionId))
      .where(inArray(menuItemBreadOptions.menuItemId, ids)),
    getShopTimeZone(db),
  ]);
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
) {
  const limits = await getSettings(db, ['max_line_quantity', 'max_order_total', 'shop_phone']);
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
