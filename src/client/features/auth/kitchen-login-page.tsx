import { LOGIN_MESSAGES } from '#shared/auth/auth.schema.ts';
import { UsernameLoginPage } from './username-login-page.tsx';

export function KitchenLoginPage() {
  return (
    <UsernameLoginPage
      title="Kitchen Login"
      subtitle="Kitchen display"
      path="/api/kitchen/login"
      destination="/kitchen"
      refusedMessage={LOGIN_MESSAGES.kitchen}
      backLabel="Back to admin login"
    />
  );
}
