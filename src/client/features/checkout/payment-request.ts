/**
 * The body of POST /api/viva-wallet/create-payment, built from the form and the cart
 * (spec customer-site §3 "Order payload built at checkout", §7).
 * The server reprices everything; the amounts here are what the customer saw.
 */
import { cartTotalCents, normaliseInstructions, type CartLine } from '#shared/cart/cart.ts';
import { CARD_WALLET } from '#shared/checkout/card-wallet.ts';
import type { CheckoutForm, CreatePaymentRequest } from '#shared/checkout/checkout.schema.ts';
import { centsToDecimalString, centsToEuros } from '#shared/money.ts';

/** Pickup only: the computed delivery fee is always 0 (spec §9). */
export const PICKUP_DELIVERY_FEE_CENTS = 0;

/**
 * With a table number (a guest who ordered from the table's QR code) the order is dine-in from
 * the table; the server then sends the payment back to that table's page. `pickupAt`, the start
 * of a slot the customer chose (decision 026), is sent for a website pickup only; without it the
 * order is for as soon as possible.
 */
export function buildPaymentRequest(
  form: CheckoutForm,
  lines: CartLine[],
  tableNumber: string | null = null,
  pickupAt: string | null = null,
): CreatePaymentRequest {
  const subtotalCents = cartTotalCents(lines);
  const totalCents = subtotalCents + PICKUP_DELIVERY_FEE_CENTS;
  const { firstName, lastName, email, phone } = form;
  return {
    amount: centsToEuros(totalCents),
    customerEmail: email,
    customerName: `${firstName} ${lastName}`,
    customerPhone: phone,
    contactless: false,
    orderData: {
      ...(tableNumber
        ? { type: 'dine-in', orderSource: 'table', tableNumber }
        : { type: 'pickup', orderSource: 'website' }),
      items: lines.map((line) => ({
        menuItemId: line.menuItemId,
        name: line.name,
        quantity: line.quantity,
        price: line.price,
        customizations: {
          sauce: line.customizations.sauce,
          addOns: line.customizations.addOns,
          specialInstructions: normaliseInstructions(line.customizations.specialInstructions),
        },
      })),
      subtotal: centsToDecimalString(subtotalCents),
      deliveryFee: centsToDecimalString(PICKUP_DELIVERY_FEE_CENTS),
      total: centsToDecimalString(totalCents),
      paymentMethod: CARD_WALLET,
      deliveryAddress: null,
      specialInstructions: normaliseInstructions(form.specialInstructions) ?? null,
      customer: { firstName, lastName, email, phone },
      ...(pickupAt && !tableNumber ? { pickupAt } : {}),
    },
  };
}
