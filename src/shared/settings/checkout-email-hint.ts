/**
 * The checkout's hint under the e-mail field: it promises a receipt only when the shop sends
 * e-mail (decision 018). Without, the e-mail still links the customer record. A module of its
 * own: the checkout needs this line, not the settings' schemas (decision 016, what a first
 * visit downloads and runs).
 */
export function checkoutEmailHint(emailReceipts: boolean): string {
  return emailReceipts
    ? 'For your receipt and order updates.'
    : 'So we can reach you about your order.';
}
