import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '#client/components/ui/toast.tsx';
import { Field, Input } from '#client/components/ui/form-fields.tsx';
import { Form, FormField, FormInput } from '#client/components/ui/form.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { Switch } from '#client/components/ui/switch.tsx';
import {
  DISCOUNT_REQUIRED,
  discountWriteSchema,
  REQUIRED_FIELDS,
  type Discount,
} from '#shared/menu/menu-admin.schema.ts';
import { useSaveDiscount } from '../api/discounts-queries.ts';
import { weekdayShort, WEEKDAYS } from '../lib/format.ts';
import { emptyToNull, numberOrZero, toastInvalid } from '../lib/form-helpers.ts';
import {
  CheckboxGroup,
  DIALOG_FORM_CLASS,
  DialogFormBody,
  FormDialog,
  Select,
  MenuIdField,
} from './form-bits.tsx';
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

  return (
    <Form
      schema={discountWriteSchema}
      defaultValues={editing ? { ...editing } : BLANK}
      options={{ mode: 'onSubmit', reValidateMode: 'onChange' }}
      onSubmit={async (discount: DiscountFormOutput) => {
        await save.mutateAsync({ editingId: editing?.id ?? null, discount });
        toast.success('Success', {
          description: editing ? 'Discount updated successfully' : 'Discount created successfully',
        });
        onClose();
      }}
      onInvalid={(invalid) =>
        // The id's own message is the menu's "required" one; here it reads as the discount's.
        toastInvalid(invalid, DISCOUNT_REQUIRED, [REQUIRED_FIELDS])
      }
      onServerError={(error) =>
        toast.error(editing ? 'Update Failed' : 'Error', {
          description: errorMessage(
            error,
            editing ? 'Failed to update discount' : 'Failed to create discount',
          ),
        })
      }
      errorText={(text) =>
        text === REQUIRED_FIELDS || text === DISCOUNT_REQUIRED ? 'Required' : text
      }
      className={DIALOG_FORM_CLASS}
    >
      <DialogFormBody
        onCancel={onClose}
        submitLabel={editing ? 'Save changes' : 'Create discount'}
        pending={save.isPending}
      >
        <DiscountFields editing={editing} />
      </DialogFormBody>
    </Form>
  );
}

function DiscountFields({ editing }: { editing: Discount | null }) {
  const { register, control } = useFormContext<DiscountFormInput>();
  const type = useWatch({ control, name: 'type' });
  const percentage = type !== 'fixed_amount';
  const nullable = { setValueAs: emptyToNull };

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <MenuIdField id={FIELD_ID('id')} editingId={editing?.id} placeholder="lunch-10" />
        <FormInput name="name" id={FIELD_ID('name')} label="Name" autoComplete="off" />
      </div>
      <FormInput
        name="description"
        id={FIELD_ID('description')}
        label="Description"
        autoComplete="off"
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField name="type" id={FIELD_ID('type')} label="Type">
          {() => (
            <Select id={FIELD_ID('type')} {...register('type')}>
              <option value="percentage">Percentage</option>
              <option value="fixed_amount">Fixed amount</option>
            </Select>
          )}
        </FormField>
        <ValueField percentage={percentage} />
        <FormField name="minOrderAmount" id={FIELD_ID('minOrderAmount')} label="Minimum order (€)">
          {(aria) => (
            <Input
              id={FIELD_ID('minOrderAmount')}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              {...aria}
              {...withTwoDecimals(register('minOrderAmount', { setValueAs: numberOrZero }))}
            />
          )}
        </FormField>
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
          <FormInput
            name="validFrom"
            id={FIELD_ID('validFrom')}
            label="First day"
            type="date"
            registerOptions={nullable}
          />
          <FormInput
            name="validTo"
            id={FIELD_ID('validTo')}
            label="Last day"
            type="date"
            registerOptions={nullable}
          />
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
          <FormInput
            name="timeFrom"
            id={FIELD_ID('timeFrom')}
            label="From time"
            type="time"
            registerOptions={nullable}
          />
          <FormInput
            name="timeTo"
            id={FIELD_ID('timeTo')}
            label="To time"
            type="time"
            registerOptions={nullable}
          />
        </div>
      </fieldset>
    </>
  );
}

/** The value: a missing one says what it needs rather than the form's "Required". */
function ValueField({ percentage }: { percentage: boolean }) {
  const { register } = useFormContext<DiscountFormInput>();
  const { errors } = useFormState<DiscountFormInput>({ name: 'value' });
  const id = FIELD_ID('value');
  const text = errors.value?.message;
  const message =
    text === DISCOUNT_REQUIRED
      ? 'Enter a value greater than 0'
      : text === REQUIRED_FIELDS
        ? 'Required'
        : text;
  const field = register('value', { setValueAs: numberOrZero });
  return (
    <Field
      id={id}
      label={percentage ? 'Value (%)' : 'Value (€)'}
      error={message}
      hint={percentage ? 'A whole percentage, at most 100.' : 'Capped at the item price.'}
    >
      <Input
        id={id}
        type="number"
        inputMode={percentage ? 'numeric' : 'decimal'}
        min={0}
        max={percentage ? 100 : undefined}
        step={percentage ? 1 : 0.01}
        {...(errors.value ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
        {...(percentage ? field : withTwoDecimals(field))}
      />
    </Field>
  );
}
