/**
 * The push feature's public entry (docs/architecture.md "Module boundaries"): the customer's
 * "ready" push a kitchen step queues, and the staff's pushes (the watchdog's alarms).
 */
export { checkPushEndpoint } from './push-endpoint.ts';
export { queueReadyPushes } from './push-jobs.ts';
export {
  pushToStaff,
  saveStaffPushSubscription,
  type StaffPushPayload,
} from './staff-push.service.ts';
