/** The POS's sales waiting to be sent, which block signing out of the back office. */
export { logoutBlockedMessage, waitingSalesCount } from './outbox-store.ts';
