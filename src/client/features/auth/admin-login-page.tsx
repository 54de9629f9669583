import { Link, useNavigate } from 'react-router';
import { toast } from '#client/components/ui/toast.tsx';
import { LOGIN_MESSAGES } from '#shared/auth/auth.schema.ts';
import { useAdminLogin } from './api/session.ts';
import { LoginCard } from './login-card.tsx';
import { showLoginError } from './login-feedback.ts';

export function AdminLoginPage() {
  const navigate = useNavigate();
  const login = useAdminLogin();
  return (
    <LoginCard
      title="Admin Login"
      subtitle="The shop's back office"
      withUsername={false}
      pending={login.isPending}
      onSubmit={({ password }) =>
        login.mutate(password, {
          onSuccess: () => {
            toast.success('Login Successful');
            void navigate('/admin');
          },
          onError: (error) => showLoginError(error, LOGIN_MESSAGES.admin),
        })
      }
      links={
        <>
          <Link
            to="/staff-login"
            className="font-semibold text-ember-700 underline underline-offset-4"
          >
            Staff login
          </Link>
          <Link
            to="/kitchen-login"
            className="font-semibold text-ember-700 underline underline-offset-4"
          >
            Kitchen login
          </Link>
          <Link to="/" className="font-semibold text-ember-700 underline underline-offset-4">
            Back to menu
          </Link>
        </>
      }
    />
  );
}
