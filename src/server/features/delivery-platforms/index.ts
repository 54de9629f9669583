/** The delivery-platforms feature's public entry: what other features may import (docs/architecture.md "Module boundaries"). */
export { availabilityChanged, hoursChanged } from './platform-sync.ts';
