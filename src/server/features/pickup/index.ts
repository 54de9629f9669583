/** The pickup feature's public entry (docs/architecture.md "Module boundaries"; decision 026). */
export { pickupFeature } from './pickup.routes.ts';
export {
  prepUnitsOf,
  queuedUnitsQuery,
  quoteAsap,
  reserveSlot,
  slotRefusal,
  unitsPerSlotOf,
  type PickupFacts,
} from './pickup.service.ts';
