import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '#client/components/ui/full-page-spinner.tsx';
import { useAccess } from '../features/auth/api/session.ts';
import type { AccessLevel } from '#shared/auth/auth.schema.ts';

/**
 * Spec: each guard waits for the session (spinner) and sends a stranger to its login page.
 * The answer comes from the server (GET /api/auth/session), which also checks every call.
 */
function Guard({ level, loginPath }: { level: AccessLevel; loginPath: string }) {
  const allowed = useAccess(level);
  const location = useLocation();
  if (allowed === undefined) return <FullPageSpinner label="Checking your session" />;
  if (!allowed) return <Navigate to={loginPath} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

export const RequireAdmin = () => <Guard level="admin" loginPath="/login" />;
export const RequireStaff = () => <Guard level="pos" loginPath="/staff-login" />;
export const RequireKitchen = () => <Guard level="kitchen" loginPath="/kitchen-login" />;
