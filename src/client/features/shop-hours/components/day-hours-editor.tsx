import { MoonStar } from 'lucide-react';
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field, Input } from '#client/components/ui/form-fields.tsx';
import { Form, SubmitButton } from '#client/components/ui/form.tsx';
import { parsedBy } from '#client/components/ui/parsed-by.ts';
import { ApiError } from '#client/lib/api-client.ts';
import {
  DEFAULT_DAY_HOURS,
  dayHoursUpdateSchema,
  type DayHours,
  type Weekday,
} from '#shared/shop-hours/shop-hours.ts';
import { useSaveDayHours } from '../api/shop-hours-mutations.ts';
import { dayName, overnightNote, SHIFTS } from './shift-format.ts';
import { Switch } from '#client/components/ui/switch.tsx';

type ShiftKey = (typeof SHIFTS)[number]['key'];
interface ShiftForm {
  open: string;
  close: string;
  isOpen: boolean;
  /** The shift's own kitchen capacity (decision 026); empty: the shop's. */
  units: string;
}

/** Spec back-office §4: edit loads the current values, the defaults for missing times. */
function initialForm(current: DayHours | undefined): Record<ShiftKey, ShiftForm> {
  const form = (key: ShiftKey): ShiftForm => ({
    open: current?.[key].open ?? DEFAULT_DAY_HOURS[key].open ?? '',
    close: current?.[key].close ?? DEFAULT_DAY_HOURS[key].close ?? '',
    isOpen: current?.[key].isOpen ?? DEFAULT_DAY_HOURS[key].isOpen,
    units: current?.[key].unitsPerSlot ? String(current[key].unitsPerSlot) : '',
  });
  return { shift1: form('shift1'), shift2: form('shift2') };
}

interface Props {
  day: Weekday;
  current: DayHours | undefined;
  onDone: () => void;
}

const shiftFormSchema = z.object({
  open: z.string(),
  close: z.string(),
  isOpen: z.boolean(),
  units: z.string(),
});
const toShift = (shift: ShiftForm) => ({
  open: shift.open || null,
  close: shift.close || null,
  isOpen: shift.isOpen,
  // Empty is the shop's capacity; anything else must be a whole number (the schema says).
  unitsPerSlot: shift.units.trim() === '' ? null : Number(shift.units),
});
/** The API's dayHoursUpdateSchema, each message said once for its shift. */
const dayHoursFormSchema = z
  .object({ shift1: shiftFormSchema, shift2: shiftFormSchema })
  .transform((form) => ({ shift1: toShift(form.shift1), shift2: toShift(form.shift2) }))
  .transform(parsedBy(dayHoursUpdateSchema, (path) => path.slice(0, 1)));
type DayHoursForm = z.input<typeof dayHoursFormSchema>;

/** One day's two shifts; Save sends PUT /api/admin/shop-hours/:day, Cancel drops the changes. */
export function DayHoursEditor({ day, current, onDone }: Props) {
  const save = useSaveDayHours();

  return (
    <Form
      schema={dayHoursFormSchema}
      defaultValues={initialForm(current)}
      // A shift's message stays until a change to it (ShiftCard) or the next Save.
      options={{ reValidateMode: 'onSubmit' }}
      onSubmit={async (hours) => {
        await save.mutateAsync({ day, hours });
        toast.success('Hours Updated', {
          description: 'Shop hours for the day have been updated successfully',
        });
        onDone();
      }}
      onServerError={(error) => {
        const reason = error instanceof ApiError ? error.serverMessage : undefined;
        toast.error('Error', {
          description: reason
            ? `Failed to update shop hours. ${reason}`
            : 'Failed to update shop hours',
        });
      }}
      aria-label={`${dayName(day)} hours`}
      className="flex flex-col gap-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {SHIFTS.map(({ key, label, period }) => (
          <ShiftCard key={key} day={day} shiftKey={key} label={label} period={period} />
        ))}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <SubmitButton>Save</SubmitButton>
      </div>
    </Form>
  );
}

function ShiftCard({
  day,
  shiftKey: key,
  label,
  period,
}: {
  day: Weekday;
  shiftKey: ShiftKey;
  label: string;
  period: string;
}) {
  const { register, clearErrors } = useFormContext<DayHoursForm>();
  const { field: isOpen } = useController<DayHoursForm, `${ShiftKey}.isOpen`>({
    name: `${key}.isOpen`,
  });
  const shift = useWatch<DayHoursForm, ShiftKey>({ name: key });
  const { errors } = useFormState<DayHoursForm>({ name: key });
  const error = errors[key]?.message;
  // A change to the shift takes its message away until the next Save.
  const field = (name: 'open' | 'close' | 'units') =>
    register(`${key}.${name}`, { onChange: () => clearErrors(key) });
  const note = shift.isOpen ? overnightNote(shift.open, shift.close) : null;
  const id = `${day}-${key}`;
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      className="min-w-0 rounded-2xl bg-white p-3 ring-1 ring-char-900/10 sm:p-4"
    >
      <div className="flex items-center justify-between gap-3">
        <p id={`${id}-title`} className="text-sm font-bold">
          {label} <span className="font-normal text-char-700">({period})</span>
        </p>
        <Switch
          checked={isOpen.value}
          onCheckedChange={(open) => {
            isOpen.onChange(open);
            clearErrors(key);
          }}
          label={`${label} open`}
        >
          {isOpen.value ? 'Open' : 'Closed'}
        </Switch>
      </div>
      {shift.isOpen && (
        <div className="mt-2 grid grid-cols-2 gap-3">
          <Field id={`${id}-open`} label="Opening time">
            <Input
              id={`${id}-open`}
              type="time"
              className="px-3"
              {...field('open')}
              aria-invalid={Boolean(error && !shift.open)}
            />
          </Field>
          <Field id={`${id}-close`} label="Closing time">
            <Input
              id={`${id}-close`}
              type="time"
              className="px-3"
              {...field('close')}
              aria-invalid={Boolean(error && !shift.close)}
            />
          </Field>
          <div className="col-span-2">
            <Field
              id={`${id}-units`}
              label="Kitchen capacity"
              hint={
                <span id={`${id}-units-hint`}>
                  Prep units per 15 minutes in this shift. Empty: the shop&rsquo;s (Shop Settings).
                </span>
              }
            >
              <Input
                id={`${id}-units`}
                inputMode="numeric"
                className="px-3"
                placeholder="Shop's"
                {...field('units')}
                aria-describedby={`${id}-units-hint`}
                aria-invalid={Boolean(error && shift.units.trim() !== '')}
              />
            </Field>
          </div>
        </div>
      )}
      {note && (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-indigo-900">
          <MoonStar aria-hidden className="size-4 shrink-0" />
          {note}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
