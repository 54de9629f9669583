/** Delivery platforms: the public entry of the client's delivery-platforms feature. */
export { PlatformDriftNotice } from './components/platform-drift-notice.tsx';
