/** The auth feature's public entry: what other features may import (docs/architecture.md "Module boundaries"). */
export { sessionUser } from './access.ts';
export { hashPassword } from './passwords.ts';
export { deleteSessionsOf, toStaffUser } from './sessions.service.ts';
