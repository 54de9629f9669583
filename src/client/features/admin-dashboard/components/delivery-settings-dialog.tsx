import { useState, type FormEvent } from 'react';
import { SETTINGS, settingValueProblem } from '#shared/settings/settings.schema.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/form-fields.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  useDeliverySetting,
  useSaveDeliverySetting,
  type DeliverySettingKey,
} from '../api/delivery-settings.ts';
import { DashboardDialog } from './dashboard-dialog.tsx';
import { twoDecimals } from '../../../lib/money-input.ts';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Spec: the delivery Settings dialog, two amounts each saved on its own. */
export function DeliverySettingsDialog({ open, onClose }: Props) {
  return (
    <DashboardDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Delivery Settings"
      description="The delivery fee is charged on orders below the free delivery threshold."
    >
      <div className="flex flex-col gap-5 overflow-y-auto p-5">
        <SettingForm
          settingKey="delivery_fee_amount"
          label="Delivery fee (€)"
          saveLabel="Save delivery fee"
          success="Delivery Fee Updated"
        />
        <SettingForm
          settingKey="free_delivery_threshold"
          label="Free delivery threshold (€)"
          saveLabel="Save free delivery threshold"
          success="Free Delivery Threshold Updated"
        />
      </div>
    </DashboardDialog>
  );
}

interface SettingFormProps {
  settingKey: DeliverySettingKey;
  label: string;
  saveLabel: string;
  success: string;
}

function SettingForm(props: SettingFormProps) {
  const setting = useDeliverySetting(props.settingKey);
  const id = `setting-${props.settingKey}`;
  if (setting.isPending) {
    return (
      <Field id={id} label={props.label}>
        <Spinner label={`Loading ${props.label}`} className="justify-start p-2" />
      </Field>
    );
  }
  if (setting.isError) {
    return (
      <Field id={id} label={props.label}>
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(setting.error, 'Could not load this setting')}
        </p>
      </Field>
    );
  }
  // Mounted once the value is known, so the input starts from it.
  return (
    <LoadedSettingForm
      {...props}
      id={id}
      initial={setting.data.value}
      description={setting.data.description}
    />
  );
}

function LoadedSettingForm({
  settingKey,
  label,
  saveLabel,
  success,
  id,
  initial,
  description,
}: SettingFormProps & { id: string; initial: string; description: string }) {
  // "2.50", not "2.5": amounts show two decimals everywhere.
  const [value, setValue] = useState(() => twoDecimals(initial));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveDeliverySetting(settingKey);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same rule the server applies (spec §5): a number, at least 0.
    const invalid = settingValueProblem(settingKey, value);
    setProblem(invalid);
    if (invalid) {
      toast.error('Invalid Amount', { description: invalid });
      return;
    }
    save.mutate(
      {
        value: value.trim(),
        description: description || SETTINGS[settingKey].description,
      },
      {
        onSuccess: () =>
          toast.success(success, {
            description: `${label.replace(' (€)', '')} is now €${Number(value).toFixed(2)}.`,
          }),
        onError: (error) =>
          toast.error('Update Failed', {
            description: errorMessage(error, 'Failed to save the setting'),
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <Field id={id} label={label} error={problem ?? undefined}>
        <div className="flex gap-2">
          <Input
            id={id}
            type="number"
            inputMode="decimal"
            step={0.01}
            min={0}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
            }}
            onBlur={(event) => setValue(twoDecimals(event.target.value))}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
            className="min-w-0 flex-1"
          />
          <Button
            type="submit"
            aria-label={saveLabel}
            disabled={save.isPending}
            className="h-12 shrink-0"
          >
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </Field>
    </form>
  );
}
