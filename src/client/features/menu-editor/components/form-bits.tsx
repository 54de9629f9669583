import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/form-fields.tsx';
import { FormField, FormInput } from '#client/components/ui/form.tsx';
import { cn } from '#client/lib/utils.ts';

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** The item and discount forms need more room on a laptop. */
  wide?: boolean;
  children: ReactNode;
}

/** A dialog holding one form: a bottom sheet on a phone, a card on a laptop. */
export function FormDialog({ open, onClose, title, description, wide, children }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open && (
        <DialogContent
          title={title}
          description={description}
          className={wide ? 'sm:max-w-3xl' : undefined}
        >
          {children}
        </DialogContent>
      )}
    </Dialog>
  );
}

interface DialogFormBodyProps {
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  /** Why saving is not possible yet (a photo still uploading). */
  blockedReason?: string | undefined;
  children: ReactNode;
}

/** The classes of a dialog's form (for a `Form` holding a `DialogFormBody`). */
export const DIALOG_FORM_CLASS = 'flex min-h-0 flex-col';

/** The inside of a dialog's form: the fields scroll, the buttons stay in view. */
export function DialogFormBody({
  onCancel,
  submitLabel,
  pending,
  blockedReason,
  children,
}: DialogFormBodyProps) {
  return (
    <>
      <div className="flex flex-col gap-4 overflow-y-auto p-5">{children}</div>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-char-900/10 px-5 py-4">
        {blockedReason && (
          <p className="mr-auto text-sm text-char-700" role="status">
            {blockedReason}
          </p>
        )}
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || Boolean(blockedReason)}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </>
  );
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      className={cn(
        'h-12 w-full rounded-2xl border-2 border-char-900/15 bg-white px-3 text-base focus:border-ember-500 focus:outline-none aria-[invalid=true]:border-red-600',
        className,
      )}
      {...props}
    />
  );
}

interface CheckboxGroupProps<V extends string | number> {
  legend: string;
  hint?: string;
  options: readonly { value: V; label: ReactNode }[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  /** Grid columns of the options. */
  className?: string;
  /** Shown instead of the options while they load, or when there are none. */
  placeholder?: ReactNode;
}

/** A set of checkboxes for one list field (allergens, tags, weekdays, linked options). */
export function CheckboxGroup<V extends string | number>({
  legend,
  hint,
  options,
  value,
  onChange,
  className,
  placeholder,
}: CheckboxGroupProps<V>) {
  const toggle = (option: V, checked: boolean) => {
    const chosen = new Set(value);
    if (checked) chosen.add(option);
    else chosen.delete(option);
    // Kept in the options' order, whatever the order of the clicks.
    onChange(options.map((entry) => entry.value).filter((entry) => chosen.has(entry)));
  };
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-bold">{legend}</legend>
      {hint && <p className="text-xs text-char-700">{hint}</p>}
      {placeholder ?? (
        <div className={cn('mt-1.5 grid gap-x-3 sm:grid-cols-2', className)}>
          {options.map((option) => (
            <label
              key={option.value}
              className="flex min-h-10 cursor-pointer items-center gap-2.5 rounded-xl px-1 text-sm hover:bg-char-900/5"
            >
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-ember-700"
                checked={value.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              <span className="min-w-0">{option.label}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

const BADGE_TONES = {
  neutral: 'bg-stone-200 text-stone-800 ring-stone-600/20',
  warning: 'bg-amber-100 text-amber-900 ring-amber-600/25',
  danger: 'bg-red-100 text-red-800 ring-red-600/20',
  success: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  info: 'bg-sky-100 text-sky-800 ring-sky-600/20',
} as const;

export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: keyof typeof BADGE_TONES;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap ring-1 ring-inset',
        BADGE_TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

/**
 * One action of a row: an outlined button sharing the card's width on a phone; in the table a
 * quiet one, icon only below 1024 px so a row's actions stay on one line on a tablet (the
 * accessible name is always the full one).
 */
export function RowAction({
  layout,
  icon,
  children,
  label,
  danger,
  ...props
}: {
  layout: 'table' | 'card';
  icon: ReactNode;
  children: string;
  /** The accessible name, naming the row: "Edit Burger". */
  label: string;
  danger?: boolean;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      variant={layout === 'card' ? 'outline' : 'ghost'}
      size={layout === 'card' ? 'md' : 'sm'}
      aria-label={label}
      title={layout === 'table' ? label : undefined}
      className={cn(
        layout === 'card' ? 'flex-1 gap-1.5 px-2 text-sm whitespace-nowrap' : 'px-2.5 lg:px-3',
        danger && 'text-red-700',
        danger && layout === 'table' && 'hover:bg-red-50',
      )}
      {...props}
    >
      <span aria-hidden className="[&>svg]:size-4">
        {icon}
      </span>
      <span className={layout === 'table' ? 'hidden lg:inline' : undefined}>{children}</span>
    </Button>
  );
}

/** Edit and Delete for one row. */
export function EditDeleteButtons({
  name,
  layout,
  onEdit,
  onDelete,
}: {
  name: string;
  layout: 'table' | 'card';
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <RowAction layout={layout} icon={<Pencil />} label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </RowAction>
      <RowAction
        layout={layout}
        icon={<Trash2 />}
        label={`Delete ${name}`}
        danger
        onClick={onDelete}
      >
        Delete
      </RowAction>
    </>
  );
}

/** The row above a tab's list: a count or filters on the left, the Add button on the right. */
export function TabToolbar({ children, action }: { children?: ReactNode; action: ReactNode }) {
  return (
    <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-end">{children}</div>
      <div className="shrink-0">{action}</div>
    </div>
  );
}

/**
 * A menu id (spec back-office §2: the admin forms ask for one): typed when creating, shown and
 * locked when editing, since links and orders point at it.
 */
export function MenuIdField({
  id,
  editingId,
  placeholder,
}: {
  id: string;
  editingId: string | undefined;
  placeholder?: string;
}) {
  return editingId !== undefined ? (
    <FormField name="id" id={id} label="ID" hint="The id cannot change.">
      {() => <Input id={id} value={editingId} disabled className="font-mono" />}
    </FormField>
  ) : (
    <FormInput
      name="id"
      id={id}
      label="ID"
      hint="Lowercase letters, digits and dashes."
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      className="font-mono"
      placeholder={placeholder}
    />
  );
}
