/**
 * Cart rules (spec customer-site §4 "Cart"), pure so the browser and the tests share them.
 * A line's `price` is euros for one unit: the base price plus the chosen add-ons.
 */
import { z } from 'zod';
import { eurosToCents } from '../money.ts';

export const cartCustomizationsSchema = z.object({
  sauce: z.string().nullable(),
  addOns: z.array(z.string()),
  specialInstructions: z.string().optional(),
});
export type CartCustomizations = z.infer<typeof cartCustomizationsSchema>;

export const cartLineSchema = z.object({
  /** Item id plus a timestamp (spec), unique per line. */
  id: z.string().min(1),
  /** The menu item this line is for; the server prices the order from it. */
  menuItemId: z.string().min(1),
  name: z.string().min(1),
  price: z.number().finite().nonnegative(),
  quantity: z.number().int().positive(),
  customizations: cartCustomizationsSchema,
  image: z.string().nullable().optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** Lines lacking a numeric price, a name, an id or customizations are ignored (spec). */
export function validCartLines(lines: unknown): CartLine[] {
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((line) => {
    const parsed = cartLineSchema.safeParse(line);
    return parsed.success ? [parsed.data] : [];
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
