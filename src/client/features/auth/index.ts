/** Sessions (docs/architecture.md "Who may call what"): the public entry of the client's auth. */
export { useChangePassword, useLogout, useSession } from './api/session.ts';
