/**
 * The online-ordering feature's public entry (docs/architecture.md "Module boundaries"): what a
 * bounded feature may import. The rest of the feature is not bounded yet.
 */
export { readOnlineOrderingRow } from './online-ordering.service.ts';
