/** Order-ready alerts and Web Push: the public entry of the client's notifications feature. */
export { fireOrderReadyAlert } from './order-ready-alert.ts';
export { base64UrlToBytes, subscribeToOrderPush } from './push-subscription.ts';
export { useOrderLiveStatus } from './use-order-live-status.ts';
