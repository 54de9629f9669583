/** The cart (spec customer-site §3): the public entry of the client's cart feature. */
export { useCart } from './cart-store.ts';
