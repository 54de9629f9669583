/** The POS feature's public entry (docs/architecture.md "Module boundaries"): the counter's ceiling. */
export { checkCounterTotal } from './counter-limits.ts';
