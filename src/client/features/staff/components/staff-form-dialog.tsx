import { useState, type FormEvent } from 'react';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { Field, Input } from '#client/components/ui/form-fields.tsx';
import { ApiError, errorMessage } from '#client/lib/api-client.ts';
import {
  createStaffSchema,
  PASSWORD_MIN_LENGTH,
  updateStaffSchema,
  type StaffUser,
} from '#shared/auth/auth.schema.ts';
import { STAFF_ROLES, type StaffRole } from '#shared/orders/order-states.ts';
import { useCreateStaff, useUpdateStaff } from '../api/staff-queries.ts';
import { PasswordInput } from './password-input.tsx';
import { ROLE_LABELS } from './role-badge.tsx';
import { Switch } from '#client/components/ui/switch.tsx';

/** What the dialog is doing: adding an account (with a preset role) or editing one. */
export type StaffFormTarget =
  { mode: 'create'; role: StaffRole } | { mode: 'edit'; user: StaffUser };

/** A password the admin has just set, to be shown once. */
export interface PasswordHandover {
  user: StaffUser;
  password: string;
}

interface Props {
  target: StaffFormTarget | null;
  /** The signed-in admin: a new password or deactivation of their own account signs them out. */
  currentUserId: string | undefined;
  onClose: () => void;
  onPasswordSet: (handover: PasswordHandover) => void;
}

/** Spec back-office §5: username, password and name are required. */
export const ALL_FIELDS_REQUIRED = 'All fields are required';

export function StaffFormDialog({ target, currentUserId, onClose, onPasswordSet }: Props) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target && (
        <DialogContent
          title={
            target.mode === 'create'
              ? target.role === 'kitchen'
                ? 'Add Kitchen User'
                : 'Add Staff'
              : 'Edit Staff User'
          }
          description={
            target.mode === 'create'
              ? 'They log in with this username and password.'
              : `Change ${target.user.name}'s account. Leave the password empty to keep the current one.`
          }
        >
          <StaffForm
            target={target}
            currentUserId={currentUserId}
            onClose={onClose}
            onPasswordSet={onPasswordSet}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

type Errors = Partial<Record<'username' | 'name' | 'password' | 'role', string>>;

function StaffForm({
  target,
  currentUserId,
  onClose,
  onPasswordSet,
}: Props & { target: StaffFormTarget }) {
  const editing = target.mode === 'edit' ? target.user : null;
  const editingSelf = editing !== null && editing.id === currentUserId;
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const [username, setUsername] = useState(editing?.username ?? '');
  const [name, setName] = useState(editing?.name ?? '');
  const [role, setRole] = useState<StaffRole>(
    editing?.role ?? (target.mode === 'create' ? target.role : 'staff'),
  );
  const [isActive, setIsActive] = useState(editing?.isActive ?? true);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const fail = (fieldErrors: Errors, message: string | null) => {
    setErrors(fieldErrors);
    setFormError(message);
  };

  const showServerError = (error: unknown, title: string) => {
    const message = errorMessage(error);
    const fields = error instanceof ApiError ? (error.fieldErrors as Errors) : {};
    fail(fields, message);
    toast.error(title, { description: message });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const missing: Errors = {};
    if (!username.trim()) missing.username = ALL_FIELDS_REQUIRED;
    if (!name.trim()) missing.name = ALL_FIELDS_REQUIRED;
    if (!editing && !password) missing.password = ALL_FIELDS_REQUIRED;
    if (Object.keys(missing).length > 0) return fail(missing, ALL_FIELDS_REQUIRED);

    if (!editing) {
      const parsed = createStaffSchema.safeParse({ username, name, role, isActive, password });
      if (!parsed.success) return fail(issuesByField(parsed.error.issues), null);
      create.mutate(parsed.data, {
        onSuccess: (user) => {
          toast.success('Staff User Created', {
            description: `${user.name} can log in as ${user.username}.`,
          });
          onClose();
          onPasswordSet({ user, password });
        },
        onError: (error) => showServerError(error, 'Failed to create staff user'),
      });
      return;
    }

    const parsed = updateStaffSchema.safeParse({
      username,
      name,
      role,
      isActive,
      ...(password ? { password } : {}),
    });
    if (!parsed.success) return fail(issuesByField(parsed.error.issues), null);
    update.mutate(
      { id: editing.id, changes: parsed.data },
      {
        onSuccess: (user) => {
          toast.success('Staff User Updated', { description: `${user.name}'s account was saved.` });
          onClose();
          if (password) onPasswordSet({ user, password });
        },
        onError: (error) => showServerError(error, 'Failed to update staff user'),
      },
    );
  };

  const id = (field: string) => `staff-${field}`;
  const invalid = (field: keyof Errors) => ({
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby':
      errors[field] && errors[field] !== formError ? `${id(field)}-error` : undefined,
  });
  // The shared "All fields are required" is said once, above the buttons; fields only turn red.
  const fieldError = (field: keyof Errors) =>
    errors[field] === formError ? undefined : errors[field];

  return (
    <form onSubmit={submit} className="flex min-h-0 flex-col" noValidate>
      <div className="flex flex-col gap-4 overflow-y-auto p-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id('name')} label="Name" error={fieldError('name')}>
            <Input
              id={id('name')}
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
              {...invalid('name')}
            />
          </Field>
          <Field id={id('username')} label="Username" error={fieldError('username')}>
            <Input
              id={id('username')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              {...invalid('username')}
            />
          </Field>
        </div>
        <div className="grid items-end gap-4 sm:grid-cols-2">
          <Field id={id('role')} label="Role" error={fieldError('role')}>
            <select
              id={id('role')}
              value={role}
              onChange={(event) => setRole(event.target.value as StaffRole)}
              className="h-12 w-full rounded-2xl border-2 border-char-900/15 bg-white px-3 text-base focus:border-ember-500 focus:outline-none"
            >
              {STAFF_ROLES.map((value) => (
                <option key={value} value={value}>
                  {ROLE_LABELS[value]}
                </option>
              ))}
            </select>
          </Field>
          <div className="flex h-12 items-center">
            <Switch checked={isActive} onCheckedChange={setIsActive} label="Active">
              {isActive ? 'Active' : 'Inactive'}
            </Switch>
          </div>
        </div>
        <Field
          id={id('password')}
          label={editing ? 'Set a new password' : 'Password'}
          error={fieldError('password')}
          hint={
            editingSelf
              ? 'This is your own account: a new password set here signs you out everywhere, this device too. Change password in the header keeps you signed in.'
              : editing
                ? `Optional, at least ${PASSWORD_MIN_LENGTH} characters. A new password signs the account out on its devices.`
                : `At least ${PASSWORD_MIN_LENGTH} characters. It is shown to you once after saving, never again.`
          }
        >
          <PasswordInput
            id={id('password')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            {...invalid('password')}
          />
        </Field>
        {formError && (
          <p
            role="alert"
            className="rounded-2xl bg-red-50 px-4 py-3 text-sm font-semibold text-red-800"
          >
            {formError}
          </p>
        )}
      </div>
      <div className="flex justify-end gap-2 border-t border-char-900/10 px-5 py-4">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {editing ? 'Save changes' : 'Create user'}
        </Button>
      </div>
    </form>
  );
}

function issuesByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as keyof Errors;
    errors[field] ??= issue.message;
  }
  return errors;
}
