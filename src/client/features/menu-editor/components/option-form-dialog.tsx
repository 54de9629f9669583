import type { z } from 'zod';
import { toast } from '#client/components/ui/toast.tsx';
import { Input } from '#client/components/ui/form-fields.tsx';
import { Form, FormField, FormInput, FormTextarea } from '#client/components/ui/form.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { REQUIRED_FIELDS } from '#shared/menu/menu-admin.schema.ts';
import { OPTION_KINDS, useSaveOption, type OptionKind } from '../api/option-queries.ts';
import { numberOrZero, toastInvalid } from '../lib/form-helpers.ts';
import { DIALOG_FORM_CLASS, DialogFormBody, FormDialog, MenuIdField } from './form-bits.tsx';
import { withTwoDecimals } from '#client/lib/money-input.ts';

/** How each kind is named in titles and toasts. */
export const OPTION_NOUNS: Record<OptionKind, { title: string; sentence: string }> = {
  bread: { title: 'Bread Option', sentence: 'Bread option' },
  sauce: { title: 'Sauce Option', sentence: 'Sauce option' },
  addOn: { title: 'Add-on Option', sentence: 'Add-on option' },
};

/** The fields of all three kinds; each kind's own schema decides which it keeps. */
interface OptionFormValues {
  id: string;
  name: string;
  description?: string;
  price?: number;
}

export interface OptionFormTarget {
  kind: OptionKind;
  /** The option being edited, or null to add one. */
  editing: OptionFormValues | null;
}

interface Props {
  target: OptionFormTarget | null;
  onClose: () => void;
}

export function OptionFormDialog({ target, onClose }: Props) {
  const noun = target ? OPTION_NOUNS[target.kind].title : '';
  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      title={target?.editing ? `Edit ${noun}` : `Add ${noun}`}
      description={
        target?.kind === 'bread'
          ? 'A bread customers can choose for a customizable item.'
          : target?.kind === 'sauce'
            ? 'A sauce customers can choose for a customizable item.'
            : 'An extra customers can add, at its own price.'
      }
    >
      {target && <OptionForm target={target} onClose={onClose} />}
    </FormDialog>
  );
}

function OptionForm({ target, onClose }: Props & { target: OptionFormTarget }) {
  const { kind, editing } = target;
  const save = useSaveOption(kind);
  const noun = OPTION_NOUNS[kind].sentence;
  const fieldId = (field: string) => `${kind}-option-${field}`;
  // NOTE: one form for three schemas; the cast only widens the type, the kind's own shared
  // schema still validates (and strips what it does not know).
  const schema = OPTION_KINDS[kind].write as unknown as z.ZodType<
    OptionFormValues,
    OptionFormValues
  >;

  return (
    <Form
      schema={schema}
      defaultValues={
        editing ?? {
          id: '',
          name: '',
          ...(kind === 'bread' ? { description: '' } : {}),
          ...(kind === 'addOn' ? { price: 0 } : {}),
        }
      }
      options={{ mode: 'onSubmit', reValidateMode: 'onChange' }}
      onSubmit={async (option) => {
        await save.mutateAsync({ editingId: editing?.id ?? null, option: { ...option } });
        toast.success('Success', {
          description: `${noun} ${editing ? 'updated' : 'created'} successfully`,
        });
        onClose();
      }}
      onInvalid={(invalid) => toastInvalid(invalid, REQUIRED_FIELDS)}
      onServerError={(error) =>
        toast.error(editing ? 'Update Failed' : 'Error', {
          description: errorMessage(
            error,
            `Failed to ${editing ? 'update' : 'create'} ${noun.toLowerCase()}`,
          ),
        })
      }
      errorText={(text) => (text === REQUIRED_FIELDS ? 'Required' : text)}
      className={DIALOG_FORM_CLASS}
    >
      {({ register }) => (
        <DialogFormBody
          onCancel={onClose}
          submitLabel={editing ? 'Save changes' : `Create ${noun.toLowerCase()}`}
          pending={save.isPending}
        >
          <MenuIdField id={fieldId('id')} editingId={editing?.id} />
          <FormInput name="name" id={fieldId('name')} label="Name" autoComplete="off" />
          {kind === 'bread' && (
            <FormTextarea
              name="description"
              id={fieldId('description')}
              label="Description"
              rows={2}
            />
          )}
          {kind === 'addOn' && (
            <FormField name="price" id={fieldId('price')} label="Price (€)">
              {(aria) => (
                <Input
                  id={fieldId('price')}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  className="sm:w-40"
                  {...aria}
                  {...withTwoDecimals(register('price', { setValueAs: numberOrZero }))}
                />
              )}
            </FormField>
          )}
        </DialogFormBody>
      )}
    </Form>
  );
}
