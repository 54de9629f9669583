import type { AppContext, AppInstance } from '../../http/types.ts';

/** The Menu Editor's calls (spec back-office §7 "Menu"), admin-only in auth/access.ts. */
export async function menuAdminRoutes(_app: AppInstance, _context: AppContext) {}
