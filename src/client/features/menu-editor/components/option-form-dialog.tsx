import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from '#client/components/ui/toast.tsx';
import { Field, Input, Textarea } from '#client/components/ui/form-fields.tsx';
import { REQUIRED_FIELDS } from '#shared/menu/menu-admin.schema.ts';
import { OPTION_KINDS, useSaveOption, type OptionKind } from '../api/option-queries.ts';
import { numberOrZero, showSaveError, toastInvalid } from '../lib/form-helpers.ts';
import { DialogForm, FormDialog } from './form-bits.tsx';
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<OptionFormValues>({
    // NOTE: one form for three schemas; the cast only widens the type, the kind's own shared
    // schema still validates (and strips what it does not know).
    resolver: zodResolver(OPTION_KINDS[kind].write) as unknown as Resolver<OptionFormValues>,
    defaultValues: editing ?? {
      id: '',
      name: '',
      ...(kind === 'bread' ? { description: '' } : {}),
      ...(kind === 'addOn' ? { price: 0 } : {}),
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const noun = OPTION_NOUNS[kind].sentence;

  const submit = (option: OptionFormValues) =>
    save.mutate(
      { editingId: editing?.id ?? null, option: { ...option } },
      {
        onSuccess: () => {
          toast.success('Success', {
            description: `${noun} ${editing ? 'updated' : 'created'} successfully`,
          });
          onClose();
        },
        onError: (error) =>
          showSaveError(
            error,
            editing ? 'Update Failed' : 'Error',
            `Failed to ${editing ? 'update' : 'create'} ${noun.toLowerCase()}`,
            setError,
          ),
      },
    );

  const fieldId = (field: string) => `${kind}-option-${field}`;
  const message = (field: keyof OptionFormValues) => {
    const text = errors[field]?.message;
    return text === REQUIRED_FIELDS ? 'Required' : text;
  };
  const aria = (field: keyof OptionFormValues) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(field)}-error` } : {};

  return (
    <DialogForm
      onSubmit={(event) =>
        void handleSubmit(submit, (invalid) => toastInvalid(invalid, REQUIRED_FIELDS))(event)
      }
      onCancel={onClose}
      submitLabel={editing ? 'Save changes' : `Create ${noun.toLowerCase()}`}
      pending={save.isPending}
    >
      <Field
        id={fieldId('id')}
        label="ID"
        error={message('id')}
        hint={editing ? 'The id cannot change.' : 'Lowercase letters, digits and dashes.'}
      >
        {editing ? (
          <Input id={fieldId('id')} value={editing.id} disabled className="font-mono" />
        ) : (
          <Input
            id={fieldId('id')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="font-mono"
            {...aria('id')}
            {...register('id')}
          />
        )}
      </Field>
      <Field id={fieldId('name')} label="Name" error={message('name')}>
        <Input id={fieldId('name')} autoComplete="off" {...aria('name')} {...register('name')} />
      </Field>
      {kind === 'bread' && (
        <Field id={fieldId('description')} label="Description" error={message('description')}>
          <Textarea
            id={fieldId('description')}
            rows={2}
            {...aria('description')}
            {...register('description')}
          />
        </Field>
      )}
      {kind === 'addOn' && (
        <Field id={fieldId('price')} label="Price (€)" error={message('price')}>
          <Input
            id={fieldId('price')}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            className="sm:w-40"
            {...aria('price')}
            {...withTwoDecimals(register('price', { setValueAs: numberOrZero }))}
          />
        </Field>
      )}
    </DialogForm>
  );
}
