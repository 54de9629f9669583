import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  Bell,
  BellRing,
  Info,
  LoaderCircle,
  Rocket,
  Smartphone,
  Trash2,
  Volume2,
  type LucideIcon,
} from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/utils.ts';
import {
  PERMISSION_LABELS,
  useNotificationPermission,
  type PermissionState,
} from './notification-permission.ts';
import {
  FULL_TEST_SCHEDULE,
  OUTCOME_LABELS,
  TEST_ORDER_NUMBER,
  runBasicNotification,
  runOrderReadyAlert,
  runRapidNotification,
  runSoundOnly,
  runVibrationOnly,
  type TestOutcome,
  type TestResult,
} from './notification-test-runs.ts';

interface LogEntry extends TestResult {
  id: number;
  at: Date;
  test: string;
}

// A 24-hour clock as on every screen, whatever the browser's language.
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Spec back-office §2 "Notification Test": check that order-ready alerts reach this device. */
export function NotificationTestPage() {
  const { permission, request } = useNotificationPermission();
  const [requesting, setRequesting] = useState(false);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [fullTestRunning, setFullTestRunning] = useState(false);
  const nextId = useRef(1);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  function record(test: string, result: TestResult) {
    const entry: LogEntry = { id: nextId.current++, at: new Date(), test, ...result };
    setLog((entries) => [entry, ...entries]);
  }

  async function requestPermission() {
    setRequesting(true);
    try {
      const answer = await request();
      record(
        'Permission request',
        answer === 'granted'
          ? { outcome: 'granted', detail: 'Notifications are allowed.' }
          : answer === 'denied'
            ? { outcome: 'denied', detail: 'Notifications were blocked.' }
            : answer === 'unsupported'
              ? { outcome: 'not-supported', detail: 'This browser has no notifications.' }
              : { outcome: 'failed', detail: 'The prompt was closed without an answer.' },
      );
    } catch (error) {
      console.warn('Notification permission request failed', error);
      record('Permission request', { outcome: 'failed', detail: 'The browser did not ask.' });
    } finally {
      setRequesting(false);
    }
  }

  function runFullTest() {
    setFullTestRunning(true);
    const steps: [number, () => void][] = [
      [
        FULL_TEST_SCHEDULE.basic,
        () => record('Test Everything · Basic Notification', runBasicNotification()),
      ],
      [
        FULL_TEST_SCHEDULE.orderReady,
        () => record('Test Everything · Order Ready Alert', runOrderReadyAlert()),
      ],
      ...FULL_TEST_SCHEDULE.rapid.map((delay, index): [number, () => void] => [
        delay,
        () =>
          record(
            `Test Everything · Rapid Notification ${index + 1}`,
            runRapidNotification(index + 1),
          ),
      ]),
    ];
    const last = Math.max(...steps.map(([delay]) => delay));
    for (const [delay, step] of steps) {
      timers.current.push(
        window.setTimeout(() => {
          step();
          if (delay === last) setFullTestRunning(false);
        }, delay),
      );
    }
  }

  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="font-display text-2xl sm:text-3xl">Notification Test</h1>
      <p className="mt-1 text-sm text-char-700">
        Check that order-ready alerts reach this device: notification, sound, vibration and screen
        flash.
      </p>

      <div className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="grid gap-4">
          <PermissionCard
            permission={permission}
            requesting={requesting}
            onRequest={() => void requestPermission()}
          />

          <section
            aria-labelledby="tests-title"
            className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10"
          >
            <h2 id="tests-title" className="text-base font-bold">
              Tests
            </h2>
            <div className="mt-3 grid gap-2 sm:grid-cols-2">
              <TestButton
                icon={Bell}
                title="Basic Notification"
                description="A simple browser notification."
                onClick={() => record('Basic Notification', runBasicNotification())}
              />
              <TestButton
                icon={BellRing}
                title="Order Ready Alert"
                description={`The full customer alert for order ${TEST_ORDER_NUMBER}.`}
                onClick={() => record('Order Ready Alert', runOrderReadyAlert())}
              />
              <TestButton
                icon={Volume2}
                title="Sound Only"
                description="The order-ready sound at 70% volume."
                onClick={() => void runSoundOnly().then((result) => record('Sound Only', result))}
              />
              <TestButton
                icon={Smartphone}
                title="Vibration Only"
                description="200, 100, 200, 100, 200 ms (phones only)."
                onClick={() => record('Vibration Only', runVibrationOnly())}
              />
              <TestButton
                icon={Rocket}
                title="Test Everything"
                description={
                  fullTestRunning
                    ? 'Running…'
                    : 'Basic at 1 s, order ready at 2 s, two rapid notifications at 3 s and 3.5 s.'
                }
                busy={fullTestRunning}
                onClick={runFullTest}
                className="sm:col-span-2"
              />
            </div>
          </section>
        </div>

        <div className="grid gap-4">
          <ResultsLog log={log} onClear={() => setLog([])} />
          <Instructions />
        </div>
      </div>
    </main>
  );
}

const PERMISSION_STYLES: Record<PermissionState, string> = {
  granted: 'bg-emerald-100 text-emerald-800 ring-emerald-600/25',
  denied: 'bg-red-100 text-red-800 ring-red-600/25',
  default: 'bg-amber-100 text-amber-900 ring-amber-600/25',
  unsupported: 'bg-stone-200 text-char-800 ring-char-900/15',
};

function PermissionCard({
  permission,
  requesting,
  onRequest,
}: {
  permission: PermissionState;
  requesting: boolean;
  onRequest: () => void;
}) {
  const explanation =
    permission === 'denied'
      ? 'Notifications are blocked for this site. Allow them in the browser’s site settings (the icon next to the address), then come back to this page.'
      : permission === 'unsupported'
        ? 'This browser cannot show notifications. On an iPhone, add the site to the Home Screen first; the site must also be opened over HTTPS.'
        : null;
  return (
    <section
      aria-labelledby="permission-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id="permission-title" className="text-base font-bold">
          Browser permission
        </h2>
        <span
          aria-live="polite"
          data-testid="notification-permission"
          className={cn(
            'inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-bold ring-1 ring-inset',
            PERMISSION_STYLES[permission],
          )}
        >
          {PERMISSION_LABELS[permission]}
        </span>
        {permission !== 'granted' && (
          <Button
            size="sm"
            className="ml-auto"
            onClick={onRequest}
            disabled={permission !== 'default' || requesting}
            aria-describedby={explanation ? 'permission-explanation' : undefined}
          >
            {requesting && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
            Request Permission
          </Button>
        )}
      </div>
      {permission === 'granted' && (
        <p className="mt-2 text-sm text-char-700">Notifications can be shown on this device.</p>
      )}
      {permission === 'default' && (
        <p className="mt-2 text-sm text-char-700">
          The browser has not asked yet. Request permission, then choose Allow.
        </p>
      )}
      {explanation && (
        <p id="permission-explanation" className="mt-2 text-sm text-char-700">
          {explanation}
        </p>
      )}
    </section>
  );
}

function TestButton({
  icon: Icon,
  title,
  description,
  onClick,
  busy = false,
  className,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  onClick: () => void;
  busy?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className={cn(
        'flex min-h-14 items-center gap-3 rounded-xl border-2 border-char-900/10 bg-white px-3 py-2 text-left transition-colors hover:border-ember-600/50 hover:bg-ember-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ember-600 disabled:cursor-wait disabled:opacity-70',
        className,
      )}
    >
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-ember-100 text-ember-800">
        {busy ? (
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
        ) : (
          <Icon aria-hidden className="size-4" />
        )}
      </span>
      <span className="min-w-0">
        <span id={`${id}-title`} className="block font-bold">
          {title}
        </span>
        <span id={`${id}-description`} className="block text-sm text-char-700">
          {description}
        </span>
      </span>
    </button>
  );
}

const OUTCOME_STYLES: Record<TestOutcome, string> = {
  granted: 'bg-emerald-100 text-emerald-800',
  denied: 'bg-red-100 text-red-800',
  failed: 'bg-red-100 text-red-800',
  'not-supported': 'bg-stone-200 text-char-800',
};

function ResultsLog({ log, onClear }: { log: LogEntry[]; onClear: () => void }) {
  return (
    <section
      aria-labelledby="results-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10"
    >
      <div className="flex items-center gap-3">
        <h2 id="results-title" className="text-base font-bold">
          Results
        </h2>
        <Button
          variant="outline"
          size="sm"
          className="ml-auto disabled:opacity-50"
          onClick={onClear}
          disabled={log.length === 0}
        >
          <Trash2 aria-hidden className="size-4" />
          Clear
        </Button>
      </div>
      <div role="log" aria-labelledby="results-title" className="mt-3">
        {log.length === 0 && <p className="text-sm text-char-700">No tests run yet.</p>}
        <ol
          role="list"
          aria-label="Test results"
          className="max-h-96 divide-y divide-char-900/10 overflow-y-auto"
        >
          {log.map((entry) => (
            <li key={entry.id} className="py-2 text-sm">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <time
                  dateTime={entry.at.toISOString()}
                  className="font-mono text-xs text-char-700 tabular-nums"
                >
                  {timeFormat.format(entry.at)}
                </time>
                <span className="font-semibold">{entry.test}</span>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-bold',
                    OUTCOME_STYLES[entry.outcome],
                  )}
                >
                  {OUTCOME_LABELS[entry.outcome]}
                </span>
              </div>
              <p className="mt-0.5 text-char-700">{entry.detail}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Instructions() {
  return (
    <aside
      aria-labelledby="instructions-title"
      className="rounded-2xl bg-sky-50 p-4 text-sm text-sky-950 ring-1 ring-sky-900/10"
    >
      <h2 id="instructions-title" className="flex items-center gap-2 font-bold">
        <Info aria-hidden className="size-4" />
        Before you test
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <Hint title="Sound">
          Unmute the device, turn the volume up and leave silent or do-not-disturb mode.
        </Hint>
        <Hint title="Vibration">Phones only; computers and most tablets do not vibrate.</Hint>
        <Hint title="Screen flash">
          The Order Ready Alert flashes the whole screen green for half a second.
        </Hint>
        <Hint title="Screen awake">
          The alert keeps the screen on for 5 seconds where the browser allows it.
        </Hint>
        <Hint title="Notifications">
          They need the permission above; some phones only show them while the browser is open.
        </Hint>
      </ul>
    </aside>
  );
}

function Hint({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li>
      <span className="font-semibold">{title}:</span> {children}
    </li>
  );
}
