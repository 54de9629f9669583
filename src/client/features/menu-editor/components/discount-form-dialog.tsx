import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '#client/components/ui/toast.tsx';
import { Field, Input } from '#client/components/ui/form-fields.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import {
  DISCOUNT_REQUIRED,
  discountWriteSchema,
  REQUIRED_FIELDS,
  type Discount,
} from '#shared/menu/menu-admin.schema.ts';
import { useSaveDiscount } from '../api/discounts-queries.ts';
import { weekdayShort, WEEKDAYS } from '../lib/format.ts';
import { emptyToNull, numberOrZero, showSaveError, toastInvalid } from '../lib/form-helpers.ts';
import { CheckboxGroup, DialogForm, FormDialog, Select } from './form-bits.tsx';
import { withTwoDecimals } from '#client/lib/money-input.ts';

export type DiscountFormTarget = { mode: 'create' } | { mode: 'edit'; discount: Discount };

type DiscountFormInput = z.input<typeof discountWriteSchema>;
type DiscountFormOutput = z.output<typeof discountWriteSchema>;

interface Props {
  target: DiscountFormTarget | null;
  onClose: () => void;
}

export function DiscountFormDialog({ target, onClose }: Props) {
  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      wide
      title={target?.mode === 'edit' ? 'Edit Discount' : 'Add Discount'}
      description="Discounts the POS can apply to a cart line; a time window limits when."
    >
      {target && <DiscountForm target={target} onClose={onClose} />}
    </FormDialog>
  );
}

const FIELD_ID = (field: string) => `discount-${field}`;

const BLANK: DiscountFormInput = {
  id: '',
  name: '',
  description: '',
  type: 'percentage',
  value: 0,
  minOrderAmount: 0,
  isActive: true,
  posOnly: true,
  validFrom: null,
  validTo: null,
  weekdays: [],
  timeFrom: null,
  timeTo: null,
};

function DiscountForm({ target, onClose }: Props & { target: DiscountFormTarget }) {
  const editing = target.mode === 'edit' ? target.discount : null;
  const save = useSaveDiscount();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DiscountFormInput, unknown, DiscountFormOutput>({
    resolver: zodResolver(discountWriteSchema),
    defaultValues: editing ? { ...editing } : BLANK,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const type = useWatch({ control, name: 'type' });
  const percentage = type !== 'fixed_amount';

  const submit = (discount: DiscountFormOutput) =>
    save.mutate(
      { editingId: editing?.id ?? null, discount },
      {
        onSuccess: () => {
          toast.success('Success', {
            description: editing
              ? 'Discount updated successfully'
              : 'Discount created successfully',
          });
          onClose();
        },
        onError: (error) =>
          showSaveError(
            error,
            editing ? 'Update Failed' : 'Error',
            editing ? 'Failed to update discount' : 'Failed to create discount',
            setError,
          ),
      },
    );

  const message = (field: keyof DiscountFormInput) => {
    const text = errors[field]?.message;
    if (text === DISCOUNT_REQUIRED && field === 'value') return 'Enter a value greater than 0';
    return text === REQUIRED_FIELDS || text === DISCOUNT_REQUIRED ? 'Required' : text;
  };
  const aria = (field: keyof DiscountFormInput) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${FIELD_ID(field)}-error` } : {};
  const nullable = { setValueAs: emptyToNull };

  return (
    <DialogForm
      onSubmit={(event) =>
        void handleSubmit(submit, (invalid) =>
          // The id's own message is the menu's "required" one; here it reads as the discount's.
          toastInvalid(invalid, DISCOUNT_REQUIRED, [REQUIRED_FIELDS]),
        )(event)
      }
      onCancel={onClose}
      submitLabel={editing ? 'Save changes' : 'Create discount'}
      pending={save.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
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
              placeholder="lunch-10"
              {...aria('id')}
              {...register('id')}
            />
          )}
        </Field>
        <Field id={FIELD_ID('name')} label="Name" error={message('name')}>
          <Input id={FIELD_ID('name')} autoComplete="off" {...aria('name')} {...register('name')} />
        </Field>
      </div>
      <Field id={FIELD_ID('description')} label="Description" error={message('description')}>
        <Input
          id={FIELD_ID('description')}
          autoComplete="off"
          {...aria('description')}
          {...register('description')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={FIELD_ID('type')} label="Type" error={message('type')}>
          <Select id={FIELD_ID('type')} {...register('type')}>
            <option value="percentage">Percentage</option>
            <option value="fixed_amount">Fixed amount</option>
          </Select>
        </Field>
        <Field
          id={FIELD_ID('value')}
          label={percentage ? 'Value (%)' : 'Value (€)'}
          error={message('value')}
          hint={percentage ? 'A whole percentage, at most 100.' : 'Capped at the item price.'}
        >
          <Input
            id={FIELD_ID('value')}
            type="number"
            inputMode={percentage ? 'numeric' : 'decimal'}
            min={0}
            max={percentage ? 100 : undefined}
            step={percentage ? 1 : 0.01}
            {...aria('value')}
            {...(percentage
              ? register('value', { setValueAs: numberOrZero })
              : withTwoDecimals(register('value', { setValueAs: numberOrZero })))}
          />
        </Field>
        <Field
          id={FIELD_ID('minOrderAmount')}
          label="Minimum order (€)"
          error={message('minOrderAmount')}
        >
          <Input
            id={FIELD_ID('minOrderAmount')}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            {...aria('minOrderAmount')}
            {...withTwoDecimals(register('minOrderAmount', { setValueAs: numberOrZero }))}
          />
        </Field>
      </div>
      <div className="flex flex-wrap gap-x-6">
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <Switch checked={Boolean(field.value)} onCheckedChange={field.onChange} label="Active">
              Active
            </Switch>
          )}
        />
        <Controller
          control={control}
          name="posOnly"
          render={({ field }) => (
            <Switch
              checked={Boolean(field.value)}
              onCheckedChange={field.onChange}
              label="POS only"
            >
              POS only
            </Switch>
          )}
        />
      </div>

      <fieldset className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-char-900/10">
        <legend className="px-1 text-sm font-bold">When it applies</legend>
        <p className="-mt-1 text-xs text-char-700">
          Leave everything empty for always. Dates and times are the shop&apos;s.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={FIELD_ID('validFrom')} label="First day" error={message('validFrom')}>
            <Input
              id={FIELD_ID('validFrom')}
              type="date"
              {...aria('validFrom')}
              {...register('validFrom', nullable)}
            />
          </Field>
          <Field id={FIELD_ID('validTo')} label="Last day" error={message('validTo')}>
            <Input
              id={FIELD_ID('validTo')}
              type="date"
              {...aria('validTo')}
              {...register('validTo', nullable)}
            />
          </Field>
        </div>
        <Controller
          control={control}
          name="weekdays"
          render={({ field }) => (
            <CheckboxGroup
              legend="Days of the week"
              hint="None ticked means every day."
              options={WEEKDAYS.map((day) => ({ value: day, label: weekdayShort(day) }))}
              value={field.value ?? []}
              onChange={field.onChange}
              className="grid-cols-4 sm:grid-cols-7"
            />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={FIELD_ID('timeFrom')} label="From time" error={message('timeFrom')}>
            <Input
              id={FIELD_ID('timeFrom')}
              type="time"
              {...aria('timeFrom')}
              {...register('timeFrom', nullable)}
            />
          </Field>
          <Field id={FIELD_ID('timeTo')} label="To time" error={message('timeTo')}>
            <Input
              id={FIELD_ID('timeTo')}
              type="time"
              {...aria('timeTo')}
              {...register('timeTo', nullable)}
            />
          </Field>
        </div>
      </fieldset>
    </DialogForm>
  );
}
