import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '#client/components/ui/toast.tsx';
import { Field, Input } from '#client/components/ui/form-fields.tsx';
import { categoryWriteSchema, REQUIRED_FIELDS } from '#shared/menu/menu-admin.schema.ts';
import type { Category } from '#shared/menu/menu.schema.ts';
import { useAdminCategories, useSaveCategory } from '../api/categories-queries.ts';
import { rateOrNull, showSaveError, toastInvalid } from '../lib/form-helpers.ts';
import type { AdminCategory } from '#shared/menu/menu-admin.schema.ts';

/** Empty leaves the rate out: the shop's default on a new category, unchanged on an edit. */
const rateOrUndefined = (value: unknown) => rateOrNull(value) ?? undefined;
import { DialogForm, FormDialog } from './form-bits.tsx';

export type CategoryFormTarget =
  { mode: 'create'; sortOrder: number } | { mode: 'edit'; category: Category };

type CategoryFormInput = z.input<typeof categoryWriteSchema>;
type CategoryFormOutput = z.output<typeof categoryWriteSchema>;

interface Props {
  target: CategoryFormTarget | null;
  onClose: () => void;
}

export function CategoryFormDialog({ target, onClose }: Props) {
  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      title={target?.mode === 'edit' ? 'Edit Category' : 'Add Category'}
      description="Categories group the menu on the website and the POS."
    >
      {target && <CategoryFormLoader target={target} onClose={onClose} />}
    </FormDialog>
  );
}

const FIELD_ID = (field: string) => `category-${field}`;

/** An edit waits for the category's VAT rates (the admin list carries them). */
function CategoryFormLoader({ target, onClose }: Props & { target: CategoryFormTarget }) {
  const admin = useAdminCategories();
  if (target.mode === 'edit' && admin.isPending) return <p>Loading…</p>;
  const rates =
    target.mode === 'edit'
      ? admin.data?.find((category) => category.id === target.category.id)
      : undefined;
  return <CategoryForm target={target} rates={rates} onClose={onClose} />;
}

function CategoryForm({
  target,
  rates,
  onClose,
}: Props & { target: CategoryFormTarget; rates: AdminCategory | undefined }) {
  const editing = target.mode === 'edit' ? target.category : null;
  const save = useSaveCategory();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CategoryFormInput, unknown, CategoryFormOutput>({
    resolver: zodResolver(categoryWriteSchema),
    defaultValues: editing
      ? {
          id: editing.id,
          name: editing.name,
          icon: editing.icon ?? '',
          sortOrder: editing.sortOrder,
          vatTakeAway: rates?.vatTakeAway,
          vatEatIn: rates?.vatEatIn,
        }
      : // A new category goes last; reorder it in the list.
        { id: '', name: '', icon: '', sortOrder: target.mode === 'create' ? target.sortOrder : 0 },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const submit = (category: CategoryFormOutput) =>
    save.mutate(
      { editingId: editing?.id ?? null, category },
      {
        onSuccess: () => {
          toast.success('Success', {
            description: editing
              ? 'Category updated successfully'
              : 'Category created successfully',
          });
          onClose();
        },
        onError: (error) =>
          showSaveError(
            error,
            editing ? 'Update Failed' : 'Error',
            editing ? 'Failed to update category' : 'Failed to create category',
            setError,
          ),
      },
    );

  const message = (field: keyof CategoryFormInput) => {
    const text = errors[field]?.message;
    return text === REQUIRED_FIELDS ? 'Required' : text;
  };
  const aria = (field: keyof CategoryFormInput) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${FIELD_ID(field)}-error` } : {};

  return (
    <DialogForm
      onSubmit={(event) =>
        void handleSubmit(submit, (invalid) => toastInvalid(invalid, REQUIRED_FIELDS))(event)
      }
      onCancel={onClose}
      submitLabel={editing ? 'Save changes' : 'Create category'}
      pending={save.isPending}
    >
      <Field
        id={FIELD_ID('id')}
        label="ID"
        error={message('id')}
        hint={editing ? 'The id cannot change.' : 'Lowercase letters, digits and dashes.'}
      >
        {editing ? (
          <Input id={FIELD_ID('id')} value={editing.id} disabled className="font-mono" />
        ) : (
          <Input
            id={FIELD_ID('id')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="font-mono"
            placeholder="burgers"
            {...aria('id')}
            {...register('id')}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <Field id={FIELD_ID('name')} label="Name" error={message('name')}>
          <Input id={FIELD_ID('name')} autoComplete="off" {...aria('name')} {...register('name')} />
        </Field>
        <Field id={FIELD_ID('icon')} label="Icon" error={message('icon')} hint="An emoji, e.g. 🍔">
          <Input
            id={FIELD_ID('icon')}
            autoComplete="off"
            className="text-center text-xl"
            {...aria('icon')}
            {...register('icon')}
          />
        </Field>
      </div>
      {/* Decision 022: prices include VAT; a table order is eat-in, everything else take-away. */}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={FIELD_ID('vatTakeAway')}
          label="VAT take-away (%)"
          error={message('vatTakeAway')}
          hint={editing ? 'Counter, pickup and delivery.' : "Empty: the shop's default."}
        >
          <Input
            id={FIELD_ID('vatTakeAway')}
            inputMode="decimal"
            {...aria('vatTakeAway')}
            {...register('vatTakeAway', { setValueAs: rateOrUndefined })}
          />
        </Field>
        <Field
          id={FIELD_ID('vatEatIn')}
          label="VAT eat-in (%)"
          error={message('vatEatIn')}
          hint={editing ? 'Table orders.' : "Table orders. Empty: the shop's default."}
        >
          <Input
            id={FIELD_ID('vatEatIn')}
            inputMode="decimal"
            {...aria('vatEatIn')}
            {...register('vatEatIn', { setValueAs: rateOrUndefined })}
          />
        </Field>
      </div>
    </DialogForm>
  );
}
