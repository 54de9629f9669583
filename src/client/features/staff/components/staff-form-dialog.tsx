import { useController, useFormContext, useFormState } from 'react-hook-form';
import { z } from 'zod';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import {
  Form,
  FormAlert,
  FormField,
  FormInput,
  SubmitButton,
} from '#client/components/ui/form.tsx';
import { parsedBy } from '#client/components/ui/parsed-by.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import {
  createStaffSchema,
  PASSWORD_MIN_LENGTH,
  staffRoleSchema,
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
const ALL_FIELDS_REQUIRED = 'All fields are required';

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

/** The form's values: what the admin types, before the API's schema reads them. */
const staffFormFields = z.object({
  username: z.string(),
  name: z.string(),
  password: z.string(),
  role: staffRoleSchema,
  isActive: z.boolean(),
});
type StaffFormValues = z.input<typeof staffFormFields>;

/**
 * Spec back-office §5: a missing field is "All fields are required" (and nothing else is said);
 * when none is missing, the API's own schema judges the values.
 */
const requiredFirst = (passwordRequired: boolean) =>
  staffFormFields.superRefine((values, ctx) => {
    const missing = [
      !values.username.trim() && 'username',
      !values.name.trim() && 'name',
      passwordRequired && !values.password && 'password',
    ].filter((field) => field !== false);
    for (const field of missing) {
      ctx.addIssue({ code: 'custom', path: [field], message: ALL_FIELDS_REQUIRED });
    }
  });

const createStaffFormSchema = requiredFirst(true).transform(parsedBy(createStaffSchema));
/** An empty password on an edit keeps the current one (DESIGN.md departure 3). */
const updateStaffFormSchema = requiredFirst(false)
  .transform(({ password, ...rest }) => (password ? { ...rest, password } : rest))
  .transform(parsedBy(updateStaffSchema));

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
  const defaultValues: StaffFormValues = {
    username: editing?.username ?? '',
    name: editing?.name ?? '',
    password: '',
    role: editing?.role ?? (target.mode === 'create' ? target.role : 'staff'),
    isActive: editing?.isActive ?? true,
  };
  const id = (field: string) => `staff-${field}`;
  const formProps = {
    defaultValues,
    // The shared "All fields are required" is said once, above the buttons; fields only turn red.
    errorText: (message: string) => (message === ALL_FIELDS_REQUIRED ? '' : message),
    onServerError: (error: unknown) =>
      toast.error(editing ? 'Failed to update staff user' : 'Failed to create staff user', {
        description: errorMessage(error),
      }),
    className: 'flex min-h-0 flex-col',
  };

  const fields = (
    <>
      <div className="flex flex-col gap-4 overflow-y-auto p-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInput name="name" id={id('name')} label="Name" autoComplete="off" />
          <FormInput
            name="username"
            id={id('username')}
            label="Username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        </div>
        <div className="grid items-end gap-4 sm:grid-cols-2">
          <RoleField id={id('role')} />
          <div className="flex h-12 items-center">
            <ActiveSwitch />
          </div>
        </div>
        <PasswordField
          id={id('password')}
          label={editing ? 'Set a new password' : 'Password'}
          hint={
            editingSelf
              ? 'This is your own account: a new password set here signs you out everywhere, this device too. Change password in the header keeps you signed in.'
              : editing
                ? `Optional, at least ${PASSWORD_MIN_LENGTH} characters. A new password signs the account out on its devices.`
                : `At least ${PASSWORD_MIN_LENGTH} characters. It is shown to you once after saving, never again.`
          }
        />
        <StaffFormAlert />
      </div>
      <div className="flex justify-end gap-2 border-t border-char-900/10 px-5 py-4">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <SubmitButton>{editing ? 'Save changes' : 'Create user'}</SubmitButton>
      </div>
    </>
  );

  if (!editing) {
    return (
      <Form
        {...formProps}
        schema={createStaffFormSchema}
        onSubmit={async (values) => {
          const user = await create.mutateAsync(values);
          toast.success('Staff User Created', {
            description: `${user.name} can log in as ${user.username}.`,
          });
          onClose();
          onPasswordSet({ user, password: values.password });
        }}
      >
        {fields}
      </Form>
    );
  }
  return (
    <Form
      {...formProps}
      schema={updateStaffFormSchema}
      onSubmit={async (changes) => {
        const user = await update.mutateAsync({ id: editing.id, changes });
        toast.success('Staff User Updated', { description: `${user.name}'s account was saved.` });
        onClose();
        if (changes.password) onPasswordSet({ user, password: changes.password });
      }}
    >
      {fields}
    </Form>
  );
}

function RoleField({ id }: { id: string }) {
  const { register } = useFormContext<StaffFormValues>();
  return (
    <FormField name="role" id={id} label="Role">
      {(aria) => (
        <select
          id={id}
          {...aria}
          {...register('role')}
          className="h-12 w-full rounded-2xl border-2 border-char-900/15 bg-white px-3 text-base focus:border-ember-500 focus:outline-none"
        >
          {STAFF_ROLES.map((value) => (
            <option key={value} value={value}>
              {ROLE_LABELS[value]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

function ActiveSwitch() {
  const { field } = useController<StaffFormValues, 'isActive'>({ name: 'isActive' });
  return (
    <Switch checked={field.value} onCheckedChange={field.onChange} label="Active">
      {field.value ? 'Active' : 'Inactive'}
    </Switch>
  );
}

function PasswordField({ id, label, hint }: { id: string; label: string; hint: string }) {
  const { register } = useFormContext<StaffFormValues>();
  return (
    <FormField name="password" id={id} label={label} hint={hint}>
      {(aria) => <PasswordInput id={id} {...aria} {...register('password')} />}
    </FormField>
  );
}

/** "All fields are required" once, or the refused save's message. */
function StaffFormAlert() {
  const { errors } = useFormState<StaffFormValues>();
  const missing = [errors.username, errors.name, errors.password].some(
    (error) => error?.message === ALL_FIELDS_REQUIRED,
  );
  return <FormAlert message={missing ? ALL_FIELDS_REQUIRED : undefined} />;
}
