/**
 * The delivery-platforms feature's public entry (docs/architecture.md "Module boundaries"): the
 * calls a change owes Wolt and Bolt Food, queued in the change's own transaction (decisions 017
 * and 027).
 */
export { platformCallForStep, queuePlatformCall } from './platform-orders.service.ts';
