import { useMemo, useState, type FormEvent } from 'react';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field, Input } from '#client/components/ui/form-fields.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { isValidTimeZone } from '#shared/time/shop-time.ts';
import { useSaveTimeZone } from '../api/shop-hours-mutations.ts';

/** The IANA names this browser knows, grouped by region; null where the browser cannot list them. */
function timeZoneGroups(current: string): [string, string[]][] | null {
  if (typeof Intl.supportedValuesOf !== 'function') return null;
  const names = new Set(Intl.supportedValuesOf('timeZone'));
  names.add(current);
  names.add('UTC');
  const groups = new Map<string, string[]>();
  for (const name of [...names].sort()) {
    const region = name.includes('/') ? name.slice(0, name.indexOf('/')) : 'Other';
    groups.set(region, [...(groups.get(region) ?? []), name]);
  }
  return [...groups];
}

interface Props {
  current: string;
  onDone: () => void;
}

/** PUT /api/admin/settings/shop_time_zone: the zone the shop hours are read in. */
export function TimeZoneEditor({ current, onDone }: Props) {
  const save = useSaveTimeZone();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const groups = useMemo(() => timeZoneGroups(current), [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const timeZone = value.trim();
    if (!isValidTimeZone(timeZone) || !timeZone) {
      setError(`"${timeZone}" is not a time zone name (like Europe/Tallinn).`);
      return;
    }
    if (timeZone === current) return onDone();
    save.mutate(timeZone, {
      onSuccess: () => {
        toast.success('Time Zone Updated', {
          description: `Shop hours now follow ${timeZone} time.`,
        });
        onDone();
      },
      onError: (failure) => {
        const reason = failure instanceof ApiError ? failure.serverMessage : undefined;
        setError(reason ?? 'Failed to update the time zone');
        toast.error('Error', { description: reason ?? 'Failed to update the time zone' });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field id="shop-time-zone" label="Shop time zone" error={error ?? undefined}>
        {groups ? (
          <select
            id="shop-time-zone"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            className="h-12 w-full rounded-2xl border-2 border-char-900/15 bg-white px-3 text-base focus:border-ember-500 focus:outline-none"
          >
            {groups.map(([region, names]) => (
              <optgroup key={region} label={region}>
                {names.map((name) => (
                  <option key={name} value={name}>
                    {name.replaceAll('_', ' ')}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        ) : (
          <Input
            id="shop-time-zone"
            value={value}
            placeholder="Europe/Tallinn"
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            aria-invalid={Boolean(error)}
          />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Button
          variant="ghost"
          size="sm"
          className="h-11"
          onClick={onDone}
          disabled={save.isPending}
        >
          Cancel
        </Button>
        <Button type="submit" size="sm" className="h-11 px-4" disabled={save.isPending}>
          Save time zone
        </Button>
      </div>
    </form>
  );
}
