/**
 * The realtime feature's public entry (docs/architecture.md "Module boundaries"): what a feature
 * needs of the dispatcher and the job runner (order-events.ts, job-runner.ts, outbox.ts,
 * infrastructure that never imports a feature): recording an order's event in its own
 * transaction, and the types of the jobs it registers.
 */
export { eventOf, recordOrderEvent } from './outbox.ts';
export type { OrderEvents } from './order-events.ts';
export type { JobOutcome, JobRunner, OutboundJob, RetryPolicy } from './job-runner.ts';
