/**
 * The dashboard's kitchen watchdog controls (decision 023), beside the pause controls: the
 * kitchen displays connected, the minutes without one before online orders pause themselves
 * (admin; checked with the shared schema), and "Alert this device" for push notifications.
 */
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { watchdogSettingsSchema } from '#shared/watchdog/watchdog.schema.ts';
import { toast } from '#client/components/ui/toast.tsx';
import { Form, useFieldError, useFormPending } from '#client/components/ui/form.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useSaveWatchdogSettings } from './api/watchdog-queries.ts';
import { AlertThisDevice } from './alert-this-device.tsx';
import type { Watchdog } from './use-watchdog.ts';
import { KitchenDisplaysPill } from './watchdog-banner.tsx';

/** Whole minutes only: anything else is not a number to the schema. */
const wholeMinutes = (value: unknown) =>
  /^\s*\d+\s*$/.test(String(value)) ? Number(value) : Number.NaN;

export function WatchdogPanel({ watchdog }: { watchdog: Watchdog }) {
  const saved = watchdog.status?.pauseAfterMinutes;
  const save = useSaveWatchdogSettings();

  return (
    <section
      aria-label="Kitchen watchdog"
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl bg-white p-4 text-char-900 ring-1 ring-char-900/10"
    >
      <KitchenDisplaysPill count={watchdog.status?.kitchenDisplays} className="text-base" />
      {/* A new saved value (loaded, or saved here) starts the field anew. */}
      <Form
        key={saved ?? 'loading'}
        schema={watchdogSettingsSchema}
        defaultValues={saved === undefined ? {} : { pauseAfterMinutes: saved }}
        onSubmit={async ({ pauseAfterMinutes }) => {
          const status = await save.mutateAsync(pauseAfterMinutes);
          toast.success('Watchdog Saved', {
            description: `Online orders pause after ${status.pauseAfterMinutes} min without a kitchen display`,
          });
        }}
        // The refusal is said at the field, like the schema's messages.
        onServerError={(error, form) =>
          form.setError('pauseAfterMinutes', {
            type: 'server',
            message: errorMessage(error, 'Could not save the minutes'),
          })
        }
        className="flex flex-wrap items-center gap-2"
      >
        <MinutesField loading={watchdog.status === undefined} />
      </Form>
      <AlertThisDevice className="sm:ml-auto" />
    </section>
  );
}

function MinutesField({ loading }: { loading: boolean }) {
  const inputId = useId();
  const { register } = useFormContext<{ pauseAfterMinutes: number }>();
  const { error, aria } = useFieldError('pauseAfterMinutes', inputId);
  const pending = useFormPending();
  return (
    <>
      <label htmlFor={inputId} className="text-sm font-semibold text-char-800">
        Pause online orders after
      </label>
      <input
        id={inputId}
        type="number"
        inputMode="numeric"
        min={1}
        max={60}
        {...aria}
        {...register('pauseAfterMinutes', { setValueAs: wholeMinutes })}
        className="h-11 w-20 rounded-xl border border-char-900/20 px-3 text-base tabular-nums"
      />
      <span className="text-sm font-semibold text-char-800">min without a kitchen display</span>
      <button
        type="submit"
        disabled={pending || loading}
        className="h-11 rounded-xl bg-char-900 px-4 font-bold text-white hover:bg-char-800 disabled:opacity-60"
      >
        Save
      </button>
      {error && (
        <p
          id={`${inputId}-error`}
          role="alert"
          className="w-full text-sm font-semibold text-red-700"
        >
          {error}
        </p>
      )}
    </>
  );
}
