import { useState, type FormEvent, type ReactNode } from 'react';
import { Eye, EyeOff, LoaderCircle } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Field, Input } from '#client/components/ui/form-fields.tsx';
import { useShopTitle } from '#client/lib/shop/use-shop-title.ts';

interface LoginCardProps {
  title: string;
  subtitle: string;
  /** Ask for a username too (staff and kitchen logins). */
  withUsername: boolean;
  pending: boolean;
  onSubmit: (credentials: { username: string; password: string }) => void;
  links: ReactNode;
}

export function LoginCard({
  title,
  subtitle,
  withUsername,
  pending,
  onSubmit,
  links,
}: LoginCardProps) {
  useShopTitle(title);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    onSubmit({ username: username.trim(), password });
  };

  return (
    <main className="grid min-h-dvh place-items-center bg-char-900 p-4">
      <div className="w-full max-w-sm rounded-3xl bg-cream-50 p-6 shadow-2xl sm:p-8">
        <div className="mb-6 flex items-center gap-3">
          <img src="/images/logo.svg" alt="" className="size-12" width={48} height={48} />
          <div>
            <h1 className="font-display text-2xl leading-tight">{title}</h1>
            <p className="text-sm text-char-700">{subtitle}</p>
          </div>
        </div>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          {withUsername && (
            <Field id="login-username" label="Username">
              <Input
                id="login-username"
                autoComplete="username"
                autoCapitalize="none"
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                required
              />
            </Field>
          )}
          <Field id="login-password" label="Password">
            <div className="relative">
              <Input
                id="login-password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                className="pr-12"
                required
              />
              <button
                type="button"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                className="absolute top-0.5 right-0.5 grid size-11 place-items-center rounded-2xl text-char-700"
              >
                {showPassword ? (
                  <EyeOff aria-hidden className="size-5" />
                ) : (
                  <Eye aria-hidden className="size-5" />
                )}
              </button>
            </div>
          </Field>
          <Button
            type="submit"
            size="lg"
            disabled={pending || !password || (withUsername && !username.trim())}
          >
            {pending && <LoaderCircle aria-hidden className="size-5 animate-spin" />}
            Log in
          </Button>
        </form>
        <nav className="mt-6 flex flex-col gap-2 text-sm" aria-label="Other logins">
          {links}
        </nav>
      </div>
    </main>
  );
}
