/**
 * The counter's cart (spec back-office §3 "POS cart line", §4 "POS cart discount", §5 "POS"):
 * pure, in integer cents, with line discounts by the shared rules
 * (src/shared/discounts/discount-rules.ts), so the screen shows the price the server charges.
 * The server prices every sale itself (orders/place-order.ts); these numbers are for showing.
 */
import {
  discountApplies,
  lineDiscountCents,
  type DiscountRule,
} from '#shared/discounts/discount-rules.ts';
import type { Discount } from '#shared/menu/menu-admin.schema.ts';
import { centsToEuros, eurosToCents } from '#shared/money.ts';
import type { PosOrderRequest } from '#shared/pos/pos.schema.ts';

/** A discount as a line carries it: the shared rule plus what names it. */
export interface PosLineDiscount extends DiscountRule {
  id: string;
  name: string;
}

export interface PosCartLine {
  /** Unique per line. */
  id: string;
  menuItemId: string;
  name: string;
  /** Base price plus the chosen add-ons, for one unit. */
  unitCents: number;
  quantity: number;
  bread: string | null;
  sauce: string | null;
  addOns: { name: string; priceCents: number }[];
  note: string;
  discount: PosLineDiscount | null;
}

/** GET /api/admin/discounts/active gives euros for a fixed amount and the minimum order. */
export function discountRuleOf(discount: Discount): PosLineDiscount {
  return {
    id: discount.id,
    name: discount.name,
    type: discount.type,
    value: discount.type === 'percentage' ? discount.value : eurosToCents(discount.value),
    minOrderAmountCents: eurosToCents(discount.minOrderAmount),
  };
}

/** Before any discount. */
export const lineSubtotalCents = (line: PosCartLine) => line.unitCents * line.quantity;

/** What the line's discount takes off (0 without one, or while the line is under its minimum). */
export const lineDiscountOf = (line: PosCartLine) =>
  line.discount ? lineDiscountCents(lineSubtotalCents(line), line.discount) : 0;

export const lineTotalCents = (line: PosCartLine) => lineSubtotalCents(line) - lineDiscountOf(line);

export interface CartTotals {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  itemCount: number;
}

export function cartTotals(lines: PosCartLine[]): CartTotals {
  let subtotalCents = 0;
  let discountCents = 0;
  let itemCount = 0;
  for (const line of lines) {
    subtotalCents += lineSubtotalCents(line);
    discountCents += lineDiscountOf(line);
    itemCount += line.quantity;
  }
  return { subtotalCents, discountCents, totalCents: subtotalCents - discountCents, itemCount };
}

/**
 * Spec §5: a discount is offered only where the line total (before it) meets its minimum order
 * amount.
 */
export function discountsFor(line: PosCartLine, discounts: PosLineDiscount[]): PosLineDiscount[] {
  return discounts.filter((discount) => discountApplies(lineSubtotalCents(line), discount));
}

const sameOptions = (a: PosCartLine, b: PosCartLine) =>
  a.menuItemId === b.menuItemId &&
  a.unitCents === b.unitCents &&
  a.bread === b.bread &&
  a.sauce === b.sauce &&
  a.note === b.note &&
  a.addOns
    .map((addOn) => addOn.name)
    .sort()
    .join('\n') ===
    b.addOns
      .map((addOn) => addOn.name)
      .sort()
      .join('\n');

/** The same item with the same options adds to its line (a second cola is "2 ×"). */
export function addLine(lines: PosCartLine[], line: PosCartLine): PosCartLine[] {
  const twin = lines.find((existing) => sameOptions(existing, line));
  if (!twin) return [...lines, line];
  return setQuantity(lines, twin.id, twin.quantity + line.quantity);
}

/**
 * At least 1 (the remove button takes a line away). A discount the new total no longer meets
 * the minimum of is dropped, so the screen never shows one the server would refuse.
 */
export function setQuantity(lines: PosCartLine[], id: string, quantity: number): PosCartLine[] {
  const next = Math.max(1, Math.min(99, Math.floor(quantity)));
  return lines.map((line) => {
    if (line.id !== id) return line;
    const changed = { ...line, quantity: next };
    if (changed.discount && !discountApplies(lineSubtotalCents(changed), changed.discount)) {
      changed.discount = null;
    }
    return changed;
  });
}

export const removeLine = (lines: PosCartLine[], id: string) =>
  lines.filter((line) => line.id !== id);

/** Spec §4: applying replaces any earlier discount; null removes it (the undiscounted price). */
export function setLineDiscount(
  lines: PosCartLine[],
  id: string,
  discount: PosLineDiscount | null,
): PosCartLine[] {
  return lines.map((line) => {
    if (line.id !== id) return line;
    if (discount && !discountApplies(lineSubtotalCents(line), discount)) return line;
    return { ...line, discount };
  });
}

/** The options of a line in words, for the cart, the receipt and the kitchen ticket. */
export function lineOptions(line: Pick<PosCartLine, 'bread' | 'sauce' | 'addOns'>): string[] {
  const options: string[] = [];
  if (line.bread) options.push(line.bread);
  if (line.sauce) options.push(line.sauce);
  for (const addOn of line.addOns) options.push(`+ ${addOn.name}`);
  return options;
}

/** The line's note as the order keeps it (the bread has its own field). */
export function lineInstructions(line: Pick<PosCartLine, 'note'>): string | undefined {
  const note = line.note.trim();
  return note ? note.slice(0, 300) : undefined;
}

/** The lines as the order calls take them (the server re-prices them; names are for messages). */
export function orderLines(lines: PosCartLine[]): PosOrderRequest['items'] {
  return lines.map((line) => {
    const specialInstructions = lineInstructions(line);
    return {
      menuItemId: line.menuItemId,
      name: line.name,
      quantity: line.quantity,
      price: centsToEuros(line.unitCents),
      customizations: {
        sauce: line.sauce,
        ...(line.bread ? { bread: line.bread } : {}),
        addOns: line.addOns.map((addOn) => addOn.name),
        ...(specialInstructions ? { specialInstructions } : {}),
      },
      ...(line.discount && lineDiscountOf(line) > 0 ? { discountId: line.discount.id } : {}),
    };
  });
}
