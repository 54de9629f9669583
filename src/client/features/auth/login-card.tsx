import { useState, type ReactNode } from 'react';
import { Eye, EyeOff, LoaderCircle } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Input } from '#client/components/ui/form-fields.tsx';
import { Form, FormField, FormInput, SubmitButton } from '#client/components/ui/form.tsx';
import { adminLoginSchema, staffLoginSchema } from '#shared/auth/auth.schema.ts';
import { useShopTitle } from '#client/lib/shop/use-shop-title.ts';

/** The API's own schemas: the staff and kitchen logins take a username, the admin's does not. */
const adminLoginFormSchema = adminLoginSchema.extend({ username: z.string() });

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
        <Form
          schema={withUsername ? staffLoginSchema : adminLoginFormSchema}
          defaultValues={{ username: '', password: '' }}
          onSubmit={(credentials) => onSubmit(credentials)}
          pending={pending}
          className="flex flex-col gap-4"
        >
          {withUsername && (
            <FormInput
              name="username"
              id="login-username"
              label="Username"
              autoComplete="username"
              autoCapitalize="none"
              required
            />
          )}
          <PasswordField />
          <LoginButton withUsername={withUsername} pending={pending} />
        </Form>
        <nav className="mt-6 flex flex-col gap-2 text-sm" aria-label="Other logins">
          {links}
        </nav>
      </div>
    </main>
  );
}

function PasswordField() {
  const { register } = useFormContext<{ password: string }>();
  const [showPassword, setShowPassword] = useState(false);
  return (
    <FormField name="password" id="login-password" label="Password">
      {(aria) => (
        <div className="relative">
          <Input
            id="login-password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            className="pr-12"
            required
            {...aria}
            {...register('password')}
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
      )}
    </FormField>
  );
}

/** Off until the fields are filled in. */
function LoginButton({ withUsername, pending }: { withUsername: boolean; pending: boolean }) {
  const [username, password] = useWatch<{ username: string; password: string }>({
    name: ['username', 'password'],
  });
  return (
    <SubmitButton size="lg" disabled={!password || (withUsername && !username?.trim())}>
      {pending && <LoaderCircle aria-hidden className="size-5 animate-spin" />}
      Log in
    </SubmitButton>
  );
}
