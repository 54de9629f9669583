import { LOGIN_MESSAGES } from '#shared/auth/auth.schema.ts';
import { UsernameLoginPage } from './username-login-page.tsx';

export function StaffLoginPage() {
  return (
    <UsernameLoginPage
      title="Staff Login"
      subtitle="Point of sale"
      path="/api/staff/login"
      destination="/staff-pos"
      refusedMessage={LOGIN_MESSAGES.staff}
      backLabel="Admin login"
    />
  );
}
