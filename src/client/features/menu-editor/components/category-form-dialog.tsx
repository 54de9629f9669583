import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '../../../components/ui/toast.tsx';
import { Field, Input } from '../../../components/ui/form-fields.tsx';
import { categoryWriteSchema, REQUIRED_FIELDS } from '#shared/menu/menu-admin.schema.ts';
import type { Category } from '#shared/menu/menu.schema.ts';
import { useSaveCategory } from '../api/categories-queries.ts';
import { showSaveError, toastInvalid } from '../lib/form-helpers.ts';
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
      {target && <CategoryForm target={target} onClose={onClose} />}
    </FormDialog>
  );
}

const FIELD_ID = (field: string) => `category-${field}`;

function CategoryForm({ target, onClose }: Props & { target: CategoryFormTarget }) {
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
    </DialogForm>
  );
}
