import { useState, type FormEvent } from 'react';
import { MoonStar } from 'lucide-react';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field, Input } from '#client/components/ui/form-fields.tsx';
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

/** One day's two shifts; Save sends PUT /api/admin/shop-hours/:day, Cancel drops the changes. */
export function DayHoursEditor({ day, current, onDone }: Props) {
  const save = useSaveDayHours();
  const [form, setForm] = useState(() => initialForm(current));
  const [errors, setErrors] = useState<Partial<Record<ShiftKey, string>>>({});

  const change = (key: ShiftKey, patch: Partial<ShiftForm>) => {
    setForm((previous) => ({ ...previous, [key]: { ...previous[key], ...patch } }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const shift = (key: ShiftKey) => ({
      open: form[key].open || null,
      close: form[key].close || null,
      isOpen: form[key].isOpen,
      // Empty is the shop's capacity; anything else must be a whole number (the schema says).
      unitsPerSlot: form[key].units.trim() === '' ? null : Number(form[key].units),
    });
    const parsed = dayHoursUpdateSchema.safeParse({
      shift1: shift('shift1'),
      shift2: shift('shift2'),
    });
    if (!parsed.success) {
      const found: Partial<Record<ShiftKey, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as ShiftKey] ??= issue.message;
      setErrors(found);
      return;
    }
    save.mutate(
      { day, hours: parsed.data },
      {
        onSuccess: () => {
          toast.success('Hours Updated', {
            description: 'Shop hours for the day have been updated successfully',
          });
          onDone();
        },
        onError: (error) => {
          const reason = error instanceof ApiError ? error.serverMessage : undefined;
          toast.error('Error', {
            description: reason
              ? `Failed to update shop hours. ${reason}`
              : 'Failed to update shop hours',
          });
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`${dayName(day)} hours`}
      className="flex flex-col gap-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {SHIFTS.map(({ key, label, period }) => {
          const shift = form[key];
          const note = shift.isOpen ? overnightNote(shift.open, shift.close) : null;
          const id = `${day}-${key}`;
          return (
            <div
              key={key}
              role="group"
              aria-labelledby={`${id}-title`}
              className="min-w-0 rounded-2xl bg-white p-3 ring-1 ring-char-900/10 sm:p-4"
            >
              <div className="flex items-center justify-between gap-3">
                <p id={`${id}-title`} className="text-sm font-bold">
                  {label} <span className="font-normal text-char-700">({period})</span>
                </p>
                <Switch
                  checked={shift.isOpen}
                  onCheckedChange={(isOpen) => change(key, { isOpen })}
                  label={`${label} open`}
                >
                  {shift.isOpen ? 'Open' : 'Closed'}
                </Switch>
              </div>
              {shift.isOpen && (
                <div className="mt-2 grid grid-cols-2 gap-3">
                  <Field id={`${id}-open`} label="Opening time">
                    <Input
                      id={`${id}-open`}
                      type="time"
                      className="px-3"
                      value={shift.open}
                      onChange={(event) => change(key, { open: event.target.value })}
                      aria-invalid={Boolean(errors[key] && !shift.open)}
                    />
                  </Field>
                  <Field id={`${id}-close`} label="Closing time">
                    <Input
                      id={`${id}-close`}
                      type="time"
                      className="px-3"
                      value={shift.close}
                      onChange={(event) => change(key, { close: event.target.value })}
                      aria-invalid={Boolean(errors[key] && !shift.close)}
                    />
                  </Field>
                  <div className="col-span-2">
                    <Field
                      id={`${id}-units`}
                      label="Kitchen capacity"
                      hint={
                        <span id={`${id}-units-hint`}>
                          Prep units per 15 minutes in this shift. Empty: the shop&rsquo;s (Shop
                          Settings).
                        </span>
                      }
                    >
                      <Input
                        id={`${id}-units`}
                        inputMode="numeric"
                        className="px-3"
                        placeholder="Shop's"
                        value={shift.units}
                        onChange={(event) => change(key, { units: event.target.value })}
                        aria-describedby={`${id}-units-hint`}
                        aria-invalid={Boolean(errors[key] && shift.units.trim() !== '')}
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
              {errors[key] && (
                <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
                  {errors[key]}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
