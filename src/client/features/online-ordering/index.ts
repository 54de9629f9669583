/** Pausing and busy mode (decision 014): the public entry of the client's online ordering. */
export { ONLINE_ORDERING_KEY, useOnlineOrdering } from './api/online-ordering-query.ts';
export { OnlineOrderingControls } from './online-ordering-controls.tsx';
export { busyLabel, orderingStateLabel } from './online-ordering-display.ts';
