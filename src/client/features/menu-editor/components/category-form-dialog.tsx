import type { z } from 'zod';
import { toast } from '#client/components/ui/toast.tsx';
import { Form, FormInput } from '#client/components/ui/form.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { categoryWriteSchema, REQUIRED_FIELDS } from '#shared/menu/menu-admin.schema.ts';
import type { Category } from '#shared/menu/menu.schema.ts';
import { useAdminCategories, useSaveCategory } from '../api/categories-queries.ts';
import { rateOrNull, toastInvalid } from '../lib/form-helpers.ts';
import type { AdminCategory } from '#shared/menu/menu-admin.schema.ts';

/** Empty leaves the rate out: the shop's default on a new category, unchanged on an edit. */
const rateOrUndefined = (value: unknown) => rateOrNull(value) ?? undefined;
import { DIALOG_FORM_CLASS, DialogFormBody, FormDialog, MenuIdField } from './form-bits.tsx';

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
  const defaultValues: CategoryFormInput = editing
    ? {
        id: editing.id,
        name: editing.name,
        icon: editing.icon ?? '',
        sortOrder: editing.sortOrder,
        vatTakeAway: rates?.vatTakeAway,
        vatEatIn: rates?.vatEatIn,
      }
    : // A new category goes last; reorder it in the list.
      { id: '', name: '', icon: '', sortOrder: target.mode === 'create' ? target.sortOrder : 0 };

  return (
    <Form
      schema={categoryWriteSchema}
      defaultValues={defaultValues}
      onSubmit={async (category: CategoryFormOutput) => {
        await save.mutateAsync({ editingId: editing?.id ?? null, category });
        toast.success('Success', {
          description: editing ? 'Category updated successfully' : 'Category created successfully',
        });
        onClose();
      }}
      onInvalid={(invalid) => toastInvalid(invalid, REQUIRED_FIELDS)}
      onServerError={(error) =>
        toast.error(editing ? 'Update Failed' : 'Error', {
          description: errorMessage(
            error,
            editing ? 'Failed to update category' : 'Failed to create category',
          ),
        })
      }
      errorText={(text) => (text === REQUIRED_FIELDS ? 'Required' : text)}
      className={DIALOG_FORM_CLASS}
    >
      <DialogFormBody
        onCancel={onClose}
        submitLabel={editing ? 'Save changes' : 'Create category'}
        pending={save.isPending}
      >
        <MenuIdField id={FIELD_ID('id')} editingId={editing?.id} placeholder="burgers" />
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <FormInput name="name" id={FIELD_ID('name')} label="Name" autoComplete="off" />
          <FormInput
            name="icon"
            id={FIELD_ID('icon')}
            label="Icon"
            hint="An emoji, e.g. 🍔"
            autoComplete="off"
            className="text-center text-xl"
          />
        </div>
        {/* Decision 022: prices include VAT; a table order is eat-in, everything else take-away. */}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInput
            name="vatTakeAway"
            id={FIELD_ID('vatTakeAway')}
            label="VAT take-away (%)"
            hint={editing ? 'Counter, pickup and delivery.' : "Empty: the shop's default."}
            inputMode="decimal"
            registerOptions={{ setValueAs: rateOrUndefined }}
          />
          <FormInput
            name="vatEatIn"
            id={FIELD_ID('vatEatIn')}
            label="VAT eat-in (%)"
            hint={editing ? 'Table orders.' : "Table orders. Empty: the shop's default."}
            inputMode="decimal"
            registerOptions={{ setValueAs: rateOrUndefined }}
          />
        </div>
      </DialogFormBody>
    </Form>
  );
}
