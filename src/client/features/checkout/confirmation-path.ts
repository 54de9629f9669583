/** The order's own page, linked once a payment has gone through (DESIGN.md departure 4). */
export function confirmationPath(orderId: string) {
  return `/order-confirmation?orderId=${encodeURIComponent(orderId)}`;
}
