/**
 * The platform-changes feature's public entry (docs/architecture.md "Module boundaries"): the
 * jobs a change of the menu's marks, the hours or the pause owes the delivery platforms.
 */
export {
  availabilityChanged,
  enabledPlatforms,
  hoursChanged,
  queueAvailabilityChange,
  queueVenueStatus,
  type SoldOutKind,
} from './platform-changes.ts';
