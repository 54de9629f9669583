import { Link, useNavigate } from 'react-router';
import { toast } from '#client/components/ui/toast.tsx';
import { useStaffLogin } from './api/session.ts';
import { LoginCard } from './login-card.tsx';
import { showLoginError } from './login-feedback.ts';

interface UsernameLoginPageProps {
  title: string;
  subtitle: string;
  path: '/api/staff/login' | '/api/kitchen/login';
  destination: string;
  refusedMessage: string;
  backLabel: string;
}

/** The staff and kitchen logins: username and password, then the screen of that role. */
export function UsernameLoginPage({
  title,
  subtitle,
  path,
  destination,
  refusedMessage,
  backLabel,
}: UsernameLoginPageProps) {
  const navigate = useNavigate();
  const login = useStaffLogin(path);
  return (
    <LoginCard
      title={title}
      subtitle={subtitle}
      withUsername
      pending={login.isPending}
      onSubmit={(credentials) =>
        login.mutate(credentials, {
          onSuccess: () => {
            toast.success('Login Successful');
            void navigate(destination);
          },
          onError: (error) => showLoginError(error, refusedMessage),
        })
      }
      links={
        <Link to="/login" className="font-semibold text-ember-700 underline underline-offset-4">
          {backLabel}
        </Link>
      }
    />
  );
}
