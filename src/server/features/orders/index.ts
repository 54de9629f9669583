/**
 * The orders feature's public entry, for features that are bounded (eslint.config.js): what they
 * may use of orders. VAT of an order's lines (decision 022) is the one rule every output takes.
 */
export { vatOfLines } from './order-vat.ts';
