import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/form-fields.tsx';
import { Form, FormField, SubmitButton } from '#client/components/ui/form.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { shopSettingsSchema } from '#shared/settings/settings.schema.ts';
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

/** The shop setting's own rule (settingValueProblem), as the server checks a single write. */
const timeZoneFormSchema = shopSettingsSchema.pick({ timeZone: true });
const trimmed = { setValueAs: (value: unknown) => String(value ?? '').trim() };

/** PUT /api/admin/settings/shop_time_zone: the zone the shop hours are read in. */
export function TimeZoneEditor({ current, onDone }: Props) {
  const save = useSaveTimeZone();
  const groups = useMemo(() => timeZoneGroups(current), [current]);

  return (
    <Form
      schema={timeZoneFormSchema}
      defaultValues={{ timeZone: current }}
      onSubmit={async ({ timeZone }) => {
        if (timeZone === current) return onDone();
        await save.mutateAsync(timeZone);
        toast.success('Time Zone Updated', {
          description: `Shop hours now follow ${timeZone} time.`,
        });
        onDone();
      }}
      onServerError={(failure, form) => {
        const reason =
          (failure instanceof ApiError ? failure.serverMessage : undefined) ??
          'Failed to update the time zone';
        form.setError('timeZone', { type: 'server', message: reason });
        toast.error('Error', { description: reason });
      }}
      className="flex flex-col gap-3"
    >
      <TimeZoneField groups={groups} />
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
        <SubmitButton size="sm" className="h-11 px-4">
          Save time zone
        </SubmitButton>
      </div>
    </Form>
  );
}

function TimeZoneField({ groups }: { groups: [string, string[]][] | null }) {
  const { register } = useFormContext<{ timeZone: string }>();
  return (
    <FormField name="timeZone" id="shop-time-zone" label="Shop time zone">
      {(aria) =>
        groups ? (
          <select
            id="shop-time-zone"
            {...aria}
            {...register('timeZone', trimmed)}
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
            placeholder="Europe/Tallinn"
            autoCapitalize="none"
            spellCheck={false}
            {...aria}
            {...register('timeZone', trimmed)}
          />
        )
      }
    </FormField>
  );
}
