/**
 * The delivery-platforms feature's public entry (docs/architecture.md "Module boundaries"): the
 * calls a change owes Wolt and Bolt Food, queued in the change's own transaction (decisions 017
 * and 027).
 */
export {
  platformCallForStep,
  queuePlatformCall,
  queueVenueStatus,
} from './platform-orders.service.ts';
export { availabilityChanged, hoursChanged } from './platform-sync.ts';
