/** The payments feature's public entry (docs/architecture.md "Module boundaries"): a card checkout. */
export { startCardCheckout } from './payments.service.ts';
