/**
 * The dashboard's kitchen watchdog controls (decision 023), beside the pause controls: the
 * kitchen displays connected, the minutes without one before online orders pause themselves
 * (admin; checked with the shared schema), and "Alert this device" for push notifications.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { watchdogSettingsSchema } from '#shared/watchdog/watchdog.schema.ts';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useSaveWatchdogSettings } from './api/watchdog-queries.ts';
import { AlertThisDevice } from './alert-this-device.tsx';
import type { Watchdog } from './use-watchdog.ts';
import { KitchenDisplaysPill } from './watchdog-banner.tsx';

export function WatchdogPanel({ watchdog }: { watchdog: Watchdog }) {
  const saved = watchdog.status?.pauseAfterMinutes;
  const [minutes, setMinutes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveWatchdogSettings();
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    if (saved !== undefined) setMinutes(String(saved));
  }, [saved]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = watchdogSettingsSchema.safeParse({
      pauseAfterMinutes: /^\s*\d+\s*$/.test(minutes) ? Number(minutes) : Number.NaN,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please enter a number of minutes.');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data.pauseAfterMinutes, {
      onSuccess: (status) =>
        toast.success('Watchdog Saved', {
          description: `Online orders pause after ${status.pauseAfterMinutes} min without a kitchen display`,
        }),
      onError: (error) => setProblem(errorMessage(error, 'Could not save the minutes')),
    });
  };

  return (
    <section
      aria-label="Kitchen watchdog"
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl bg-white p-4 text-char-900 ring-1 ring-char-900/10"
    >
      <KitchenDisplaysPill count={watchdog.status?.kitchenDisplays} className="text-base" />
      <form onSubmit={submit} noValidate className="flex flex-wrap items-center gap-2">
        <label htmlFor={inputId} className="text-sm font-semibold text-char-800">
          Pause online orders after
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          max={60}
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          className="h-11 w-20 rounded-xl border border-char-900/20 px-3 text-base tabular-nums"
        />
        <span className="text-sm font-semibold text-char-800">min without a kitchen display</span>
        <button
          type="submit"
          disabled={save.isPending || watchdog.status === undefined}
          className="h-11 rounded-xl bg-char-900 px-4 font-bold text-white hover:bg-char-800 disabled:opacity-60"
        >
          Save
        </button>
        {problem && (
          <p id={errorId} role="alert" className="w-full text-sm font-semibold text-red-700">
            {problem}
          </p>
        )}
      </form>
      <AlertThisDevice className="sm:ml-auto" />
    </section>
  );
}
