/**
 * Cart rules (spec customer-site §4 "Cart"), pure so the browser and the tests share them.
 * A line's `price` is euros for one unit: the base price plus the chosen add-ons.
 */
import { eurosToCents } from '../money.ts';

// NOTE: no zod here (decision 016): the storefront's entry bundle imports these rules. The cart
// is the browser's own (localStorage); the server checks what it is sent with its own schemas
// (checkout.schema.ts).
interface CartCustomizations {
  sauce: string | null;
  addOns: string[];
  specialInstructions?: string | undefined;
}

export interface CartLine {
  /** Item id plus a timestamp (spec), unique per line. */
  id: string;
  /** The menu item this line is for; the server prices the order from it. */
  menuItemId: string;
  name: string;
  /** Euros for one unit, finite and not negative. */
  price: number;
  /** A whole number above 0. */
  quantity: number;
  customizations: CartCustomizations;
  image?: string | null | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFilledString = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0;

/** A stored line as a clean CartLine (only the known keys), or null when it is not one. */
function cartLineFrom(value: unknown): CartLine | null {
  if (!isObject(value)) return null;
  const { id, menuItemId, name, price, quantity, customizations, image } = value;
  if (!isFilledString(id) || !isFilledString(menuItemId) || !isFilledString(name)) return null;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return null;
  if (!Number.isSafeInteger(quantity) || (quantity as number) <= 0) return null;
  if (image !== undefined && image !== null && typeof image !== 'string') return null;
  if (!isObject(customizations)) return null;
  const { sauce, addOns, specialInstructions } = customizations;
  if (sauce !== null && typeof sauce !== 'string') return null;
  if (!Array.isArray(addOns) || !addOns.every((addOn) => typeof addOn === 'string')) return null;
  if (specialInstructions !== undefined && typeof specialInstructions !== 'string') return null;
  const line: CartLine = {
    id,
    menuItemId,
    name,
    price,
    quantity: quantity as number,
    customizations: {
      sauce,
      addOns: [...(addOns as string[])],
      ...('specialInstructions' in customizations ? { specialInstructions } : {}),
    },
  };
  if ('image' in value) line.image = image;
  return line;
}

/** Lines lacking a numeric price, a name, an id or customizations are ignored (spec). */
export function validCartLines(lines: unknown): CartLine[] {
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((line) => {
    const valid = cartLineFrom(line);
    return valid ? [valid] : [];
  });
}

function sameCustomizations(a: CartCustomizations, b: CartCustomizations): boolean {
  const addOnsA = [...a.addOns].sort();
  const addOnsB = [...b.addOns].sort();
  return (
    (a.sauce ?? null) === (b.sauce ?? null) &&
    addOnsA.length === addOnsB.length &&
    addOnsA.every((name, index) => name === addOnsB[index]) &&
    (a.specialInstructions ?? '') === (b.specialInstructions ?? '')
  );
}

/** Same name, price and customizations: the quantities add up. */
export function addCartLine(lines: CartLine[], line: CartLine): CartLine[] {
  const twin = lines.find(
    (existing) =>
      existing.name === line.name &&
      existing.price === line.price &&
      sameCustomizations(existing.customizations, line.customizations),
  );
  if (!twin) return [...lines, line];
  return lines.map((existing) =>
    existing === twin ? { ...existing, quantity: existing.quantity + line.quantity } : existing,
  );
}

/** A quantity of 0 or less removes the line. */
export function setCartLineQuantity(lines: CartLine[], id: string, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((line) => line.id !== id);
  return lines.map((line) => (line.id === id ? { ...line, quantity: Math.floor(quantity) } : line));
}

export function cartItemCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function cartLineTotalCents(line: CartLine): number {
  return eurosToCents(line.price) * line.quantity;
}

export function cartTotalCents(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + cartLineTotalCents(line), 0);
}

/** Special instructions are trimmed and left out when empty (spec §5). */
export function normaliseInstructions(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Pickup times (decision 026): the cart's prep units, each line's item's units times its
 * quantity. A line whose item the menu no longer has counts one unit each, as the server counts
 * an item it does not know.
 */
export function cartPrepUnits(
  lines: readonly Pick<CartLine, 'menuItemId' | 'quantity'>[],
  menuItems: readonly { id: string; prepUnits: number }[],
): number {
  const units = new Map(menuItems.map((item) => [item.id, item.prepUnits]));
  return lines.reduce((sum, line) => sum + (units.get(line.menuItemId) ?? 1) * line.quantity, 0);
}
