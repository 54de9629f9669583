/**
 * The spec's card-wallet payment method value (customer-site §3). Apart from checkout.schema.ts
 * so that the checkout's first screen can name it without loading zod (decision 016).
 */
export const CARD_WALLET = 'viva-wallet';
