import type { AppContext, AppInstance } from '../../http/types.ts';

/** Menu photos: upload URL, upload, and /objects/menu-images serving (decision 011). */
export async function uploadsRoutes(_app: AppInstance, _context: AppContext) {}
