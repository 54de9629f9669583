import { useState } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '#client/components/ui/toast.tsx';
import { Input } from '#client/components/ui/form-fields.tsx';
import { Form, FormField, FormInput, FormTextarea } from '#client/components/ui/form.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { formatEuro } from '#shared/money.ts';
import {
  addOnLinksSchema,
  breadLinksSchema,
  menuItemWriteSchema,
  REQUIRED_FIELDS,
  sauceLinksSchema,
  type AdminMenuItem,
} from '#shared/menu/menu-admin.schema.ts';
import type { Category } from '#shared/menu/menu.schema.ts';
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  DIETARY_TAG_LABELS,
  DIETARY_TAGS,
} from '#shared/menu/allergens.ts';
import { LinksNotSavedError, useSaveItem } from '../api/menu-items-queries.ts';
import { useOptions } from '../api/option-queries.ts';
import { numberOrZero, rateOrNull, toastInvalid } from '../lib/form-helpers.ts';
import {
  CheckboxGroup,
  DIALOG_FORM_CLASS,
  DialogFormBody,
  FormDialog,
  Select,
  MenuIdField,
} from './form-bits.tsx';
import { ImageUploader } from './image-uploader.tsx';
import { withTwoDecimals } from '#client/lib/money-input.ts';

export type ItemFormTarget = { mode: 'create' } | { mode: 'edit'; item: AdminMenuItem };

/** The item's fields and its links, each rule from the shared contract (STYLE.md habit 1). */
const itemFormSchema = menuItemWriteSchema.extend({
  breadOptionIds: breadLinksSchema.shape.breadOptionIds,
  sauceOptionIds: sauceLinksSchema.shape.sauceOptionIds,
  addOnOptionIds: addOnLinksSchema.shape.addOnOptionIds,
});
type ItemFormInput = z.input<typeof itemFormSchema>;
type ItemFormOutput = z.output<typeof itemFormSchema>;

interface Props {
  target: ItemFormTarget | null;
  categories: Category[];
  onClose: () => void;
}

export function ItemFormDialog({ target, categories, onClose }: Props) {
  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      wide
      title={target?.mode === 'edit' ? 'Edit Menu Item' : 'Add Menu Item'}
      description={
        target?.mode === 'edit'
          ? `Changes show on the menu and the POS as soon as they are saved.`
          : 'A new dish or drink for the menu and the POS.'
      }
    >
      {target && <ItemForm target={target} categories={categories} onClose={onClose} />}
    </FormDialog>
  );
}

function defaultsFor(target: ItemFormTarget, categories: Category[]): ItemFormInput {
  if (target.mode === 'edit') {
    const { item } = target;
    return {
      id: item.id,
      name: item.name,
      description: item.description,
      basePrice: item.basePrice,
      category: item.category ?? '',
      image: item.image,
      customizable: item.customizable,
      popular: item.popular,
      isHidden: item.isHidden,
      isAvailable: item.isAvailable,
      sortOrder: item.sortOrder,
      // Keys the contract no longer knows are dropped rather than blocking the save.
      allergens: item.allergens.filter((key) => (ALLERGENS as readonly string[]).includes(key)),
      tags: item.tags.filter((key) => (DIETARY_TAGS as readonly string[]).includes(key)),
      breadOptionIds: item.breadOptionIds,
      sauceOptionIds: item.sauceOptionIds,
      addOnOptionIds: item.addOnOptionIds,
      vatTakeAway: item.vatTakeAway,
      vatEatIn: item.vatEatIn,
      prepUnits: item.prepUnits,
    } as ItemFormInput;
  }
  return {
    id: '',
    name: '',
    description: '',
    basePrice: 0,
    category: categories.length === 1 ? (categories[0]?.id ?? '') : '',
    image: null,
    customizable: true,
    popular: false,
    isHidden: false,
    isAvailable: true,
    sortOrder: 0,
    allergens: [],
    tags: [],
    breadOptionIds: [],
    sauceOptionIds: [],
    addOnOptionIds: [],
    vatTakeAway: null,
    vatEatIn: null,
    prepUnits: 1,
  };
}

const FIELD_ID = (field: string) => `menu-item-${field}`;

function ItemForm({ target, categories, onClose }: Props & { target: ItemFormTarget }) {
  const editing = target.mode === 'edit' ? target.item : null;
  const save = useSaveItem();
  const breads = useOptions('bread');
  const sauces = useOptions('sauce');
  const addOns = useOptions('addOn');
  const [uploading, setUploading] = useState(false);
  const numeric = { setValueAs: numberOrZero };

  return (
    <Form
      schema={itemFormSchema}
      defaultValues={defaultsFor(target, categories)}
      options={{ mode: 'onSubmit', reValidateMode: 'onChange' }}
      onSubmit={async ({
        breadOptionIds,
        sauceOptionIds,
        addOnOptionIds,
        ...item
      }: ItemFormOutput) => {
        await save.mutateAsync({
          editingId: editing?.id ?? null,
          item,
          links: { breadOptionIds, sauceOptionIds, addOnOptionIds },
        });
        toast.success('Success', {
          description: editing
            ? 'Menu item updated successfully'
            : 'Menu item created successfully',
        });
        onClose();
      }}
      onInvalid={(invalid) => toastInvalid(invalid, REQUIRED_FIELDS)}
      onServerError={(error) => {
        if (error instanceof LinksNotSavedError) {
          toast.error('Update Failed', {
            description: `${error.message} ${errorMessage(error.cause)}`,
          });
          onClose();
          return;
        }
        toast.error(editing ? 'Update Failed' : 'Error', {
          description: errorMessage(
            error,
            editing ? 'Failed to update menu item' : 'Failed to create menu item',
          ),
        });
      }}
      // The shared "required" message is said once, in the toast; each missing field says Required.
      errorText={(text) => (text === REQUIRED_FIELDS ? 'Required' : text)}
      className={DIALOG_FORM_CLASS}
    >
      {({ register, control }) => (
        <DialogFormBody
          onCancel={onClose}
          submitLabel={editing ? 'Save changes' : 'Create item'}
          pending={save.isPending}
          blockedReason={uploading ? 'Waiting for the photo to upload…' : undefined}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <MenuIdField
              id={FIELD_ID('id')}
              editingId={editing?.id}
              placeholder="smoked-brisket-burger"
            />
            <FormInput name="name" id={FIELD_ID('name')} label="Name" autoComplete="off" />
          </div>
          <FormTextarea
            name="description"
            id={FIELD_ID('description')}
            label="Description"
            rows={3}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField name="basePrice" id={FIELD_ID('basePrice')} label="Price (€)">
              {(aria) => (
                <Input
                  id={FIELD_ID('basePrice')}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  {...aria}
                  {...withTwoDecimals(register('basePrice', numeric))}
                />
              )}
            </FormField>
            <FormField name="category" id={FIELD_ID('category')} label="Category">
              {(aria) => (
                <Select id={FIELD_ID('category')} {...aria} {...register('category')}>
                  <option value="">Choose a category</option>
                  {categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.icon ? `${category.icon} ` : ''}
                      {category.name}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormInput
              name="sortOrder"
              id={FIELD_ID('sortOrder')}
              label="Position in category"
              hint="Lower comes first."
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              registerOptions={numeric}
            />
          </div>
          {/* Decision 022: empty takes the category's rate; a table order uses the eat-in rate.
              Decision 026: prep units are what the item takes of a pickup slot's kitchen time. */}
          <div className="grid gap-4 sm:grid-cols-3">
            <FormInput
              name="vatTakeAway"
              id={FIELD_ID('vatTakeAway')}
              label="VAT take-away (%)"
              hint="Empty: the category's rate."
              inputMode="decimal"
              placeholder="Category's"
              registerOptions={{ setValueAs: rateOrNull }}
            />
            <FormInput
              name="vatEatIn"
              id={FIELD_ID('vatEatIn')}
              label="VAT eat-in (%)"
              hint="Table orders. Empty: the category's rate."
              inputMode="decimal"
              placeholder="Category's"
              registerOptions={{ setValueAs: rateOrNull }}
            />
            <FormInput
              name="prepUnits"
              id={FIELD_ID('prepUnits')}
              label="Prep units"
              hint="Kitchen work in one of this item: 1 for most dishes, more for a platter, 0 for a drink."
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              registerOptions={numeric}
            />
          </div>

          <FormField name="image" id={FIELD_ID('image')} label="Photo">
            {(aria) => (
              <Controller
                control={control}
                name="image"
                render={({ field }) => (
                  <ImageUploader
                    id={FIELD_ID('image')}
                    value={field.value ?? null}
                    onChange={field.onChange}
                    onBusyChange={setUploading}
                    invalid={Boolean(aria['aria-invalid'])}
                  />
                )}
              />
            )}
          </FormField>

          <div className="flex flex-wrap gap-x-6">
            {(
              [
                ['customizable', 'Customizable', 'Customers choose bread, sauces and add-ons.'],
                ['popular', 'Popular', 'Listed under Most Ordered.'],
                ['isHidden', 'Hidden', 'Not on the website menu.'],
              ] as const
            ).map(([name, label, hint]) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <div className="flex flex-col">
                    <Switch
                      checked={Boolean(field.value)}
                      onCheckedChange={field.onChange}
                      label={label}
                    >
                      {label}
                    </Switch>
                    <span className="-mt-1 text-xs text-char-700">{hint}</span>
                  </div>
                )}
              />
            ))}
          </div>

          <Controller
            control={control}
            name="allergens"
            render={({ field }) => (
              <CheckboxGroup
                legend="Allergens"
                hint="The 14 allergens EU law asks us to declare."
                options={ALLERGENS.map((key) => ({ value: key, label: ALLERGEN_LABELS[key] }))}
                value={field.value ?? []}
                onChange={field.onChange}
                className="sm:grid-cols-3"
              />
            )}
          />
          <Controller
            control={control}
            name="tags"
            render={({ field }) => (
              <CheckboxGroup
                legend="Dietary tags"
                options={DIETARY_TAGS.map((key) => ({
                  value: key,
                  label: DIETARY_TAG_LABELS[key],
                }))}
                value={field.value ?? []}
                onChange={field.onChange}
                className="grid-cols-2 sm:grid-cols-4"
              />
            )}
          />

          <div className="grid gap-4 sm:grid-cols-3">
            <Controller
              control={control}
              name="breadOptionIds"
              render={({ field }) => (
                <CheckboxGroup
                  legend="Breads"
                  options={(breads.data ?? []).map((bread) => ({
                    value: bread.id,
                    label: bread.name,
                  }))}
                  value={field.value}
                  onChange={field.onChange}
                  className="sm:grid-cols-1"
                  placeholder={optionsPlaceholder(breads, 'breads')}
                />
              )}
            />
            <Controller
              control={control}
              name="sauceOptionIds"
              render={({ field }) => (
                <CheckboxGroup
                  legend="Sauces"
                  options={(sauces.data ?? []).map((sauce) => ({
                    value: sauce.id,
                    label: sauce.name,
                  }))}
                  value={field.value}
                  onChange={field.onChange}
                  className="sm:grid-cols-1"
                  placeholder={optionsPlaceholder(sauces, 'sauces')}
                />
              )}
            />
            <Controller
              control={control}
              name="addOnOptionIds"
              render={({ field }) => (
                <CheckboxGroup
                  legend="Add-ons"
                  options={(addOns.data ?? []).map((addOn) => ({
                    value: addOn.id,
                    label: (
                      <>
                        {addOn.name}{' '}
                        <span className="text-char-700">+{formatEuro(addOn.price)}</span>
                      </>
                    ),
                  }))}
                  value={field.value}
                  onChange={field.onChange}
                  className="sm:grid-cols-1"
                  placeholder={optionsPlaceholder(addOns, 'add-ons')}
                />
              )}
            />
          </div>
        </DialogFormBody>
      )}
    </Form>
  );
}

/** While the choices load, when they fail, or when there are none yet. */
function optionsPlaceholder(
  query: { isPending: boolean; isError: boolean; data?: unknown[] | undefined },
  what: string,
) {
  if (query.isPending) return <Spinner label={`Loading ${what}`} className="justify-start p-2" />;
  if (query.isError) {
    return <p className="mt-1 text-sm text-red-700">Could not load the {what}.</p>;
  }
  if (query.data?.length === 0) {
    return <p className="mt-1 text-sm text-char-700">No {what} yet: add them in their tab.</p>;
  }
  return undefined;
}
