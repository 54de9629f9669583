import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import {
  PLATFORM_NAMES,
  type Platform,
  type PlatformDrift,
  type PlatformStatus,
  type WebhookInfo,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useCheckDrift, useFixDrift } from '../api/platform-menu.ts';
import { Badge } from '#client/components/back-office/badges.tsx';
import { formatDateTime } from '#client/lib/back-office/format.ts';
import { LoadError } from '#client/components/ui/load-error.tsx';

/** Spec back-office §2: the five setup steps. */
const SETUP_STEPS = [
  'Contact Wolt and Bolt Food to become an integration partner.',
  'Get your API credentials and your venue or restaurant ID.',
  'Configure the webhook URLs (in each card) in the platforms’ partner dashboards.',
  'Test with the Test Order buttons.',
  'Monitor the kitchen display: platform orders arrive there like any other.',
];

interface Props {
  status: UseQueryResult<PlatformStatus>;
  webhookInfo: WebhookInfo | undefined;
  timeZone: string | undefined;
}

/**
 * Spec §2: Active/Inactive per platform (enabled and configured, decision 017), 'Webhook
 * Endpoints Ready' with the domain, the setup steps; and the last event and error per platform,
 * and when a sold-out mark, the hours and the menu last reached it, with the last failure, and
 * the last read-back's differences with Fix (decision 027 and its amendment).
 */
export function StatusPanel({ status, webhookInfo, timeZone }: Props) {
  return (
    <section
      aria-labelledby="platform-status-title"
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10 sm:p-5"
    >
      <h2 id="platform-status-title" className="font-display text-xl">
        Integration Status
      </h2>

      {status.isPending ? (
        <Spinner label="Loading the integration status" className="p-4" />
      ) : status.isError ? (
        <LoadError
          what="the integration status"
          error={status.error}
          retry={() => void status.refetch()}
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Platforms">
          {status.data.platforms.map((entry) => {
            const active = entry.enabled && entry.configured;
            const name = PLATFORM_NAMES[entry.platform];
            return (
              <li
                key={entry.platform}
                aria-label={name}
                className="rounded-xl bg-stone-50 p-3 text-sm ring-1 ring-char-900/5"
              >
                <div className="flex items-center justify-between gap-2">
                  <p className="font-bold">{name}</p>
                  <Badge tone={active ? 'success' : 'neutral'}>
                    {active ? 'Active' : 'Inactive'}
                  </Badge>
                </div>
                {!active && (
                  <p className="mt-1 text-xs text-char-700">
                    {entry.configured
                      ? 'Configured, not enabled.'
                      : 'Not configured: fill in the keys and IDs of its card.'}
                  </p>
                )}
                <p className="mt-1 text-char-700">
                  Last event:{' '}
                  <span className="text-char-900">
                    {entry.lastEventAt ? formatDateTime(entry.lastEventAt, timeZone) : 'none yet'}
                  </span>
                </p>
                {entry.rejectedCalls > 0 && (
                  <p className="mt-1 text-char-700">
                    Rejected calls:{' '}
                    <span className="text-char-900 tabular-nums">{entry.rejectedCalls}</span> (the
                    inbox lists the last 20)
                  </p>
                )}
                {entry.lastError && (
                  <p className="mt-1 flex gap-1.5 text-red-800">
                    <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                    <span className="min-w-0 break-words">
                      Last error, {formatDateTime(entry.lastError.at, timeZone)}:{' '}
                      {entry.lastError.message}
                    </span>
                  </p>
                )}
                <SyncLine what="Sold-out marks" sync={entry.availabilitySync} timeZone={timeZone} />
                <SyncLine what="Opening hours" sync={entry.hoursSync} timeZone={timeZone} />
                <SyncLine what="Menu" sync={entry.menuSync} timeZone={timeZone} />
                {entry.enabled && (
                  <DriftLines platform={entry.platform} drift={entry.drift} timeZone={timeZone} />
                )}
              </li>
            );
          })}
        </ul>
      )}

      {webhookInfo && (
        <div className="flex gap-2 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-950 ring-1 ring-emerald-700/15">
          <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700" />
          <div className="min-w-0">
            <p className="font-bold">Webhook Endpoints Ready</p>
            <p className="break-words">
              Domain: <span className="font-mono">{webhookInfo.domain}</span>
            </p>
          </div>
        </div>
      )}

      <div>
        <h3 className="text-sm font-bold">Setup steps</h3>
        <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-char-800">
          {SETUP_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
    </section>
  );
}

type PlatformSync = PlatformStatus['platforms'][number]['availabilitySync'];

/**
 * The last read-back of the platform (decision 027, amended): when, the differences from ours
 * with Fix (send ours again), or why it failed; Check now reads it back at once.
 */
export function DriftLines({
  platform,
  drift,
  timeZone,
}: {
  platform: Platform;
  drift: PlatformDrift;
  timeZone: string | undefined;
}) {
  const check = useCheckDrift();
  const fix = useFixDrift();
  const name = PLATFORM_NAMES[platform];
  const fail = (what: string) => (error: unknown) =>
    toast.error(what, {
      description:
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : 'Please try again.',
    });
  return (
    <div
      className="mt-2 border-t border-char-900/10 pt-2"
      aria-label={`${name} compared with ours`}
    >
      <p className="text-char-700">
        Read back:{' '}
        <span className="text-char-900">
          {drift.checkedAt ? formatDateTime(drift.checkedAt, timeZone) : 'not yet'}
        </span>{' '}
        (every 10 minutes while open)
      </p>
      {drift.error ? (
        <p className="mt-1 flex gap-1.5 text-red-800">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">
            Could not read {name}: {drift.error}
          </span>
        </p>
      ) : drift.checkedAt && drift.differences.length === 0 ? (
        <p className="mt-1 text-emerald-800">{name} shows what we sell.</p>
      ) : null}
      {drift.differences.length > 0 && (
        <ul
          className="mt-1 flex flex-col gap-0.5 text-red-800"
          aria-label={`Differences on ${name}`}
        >
          {drift.differences.map((difference) => (
            <li key={`${difference.kind}-${difference.id}`}>
              {difference.name}: {difference.theirs} on {name}, {difference.ours} here
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={check.isPending}
          onClick={() => check.mutate(platform, { onError: fail('Check failed') })}
        >
          Check now
        </Button>
        {drift.differences.some((difference) => difference.theirs !== 'missing') && (
          <Button
            type="button"
            size="sm"
            disabled={fix.isPending}
            onClick={() =>
              fix.mutate(platform, {
                onSuccess: (answer) => toast.success('Fix sent', { description: answer.message }),
                onError: fail('Fix failed'),
              })
            }
          >
            Fix: send ours to {name}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * When a change (sold-out marks, or the hours) last reached the platform, and the last failure:
 * red while no change has reached it since, grey once one has (decision 027).
 */
function SyncLine({
  what,
  sync,
  timeZone,
}: {
  what: string;
  sync: PlatformSync;
  timeZone: string | undefined;
}) {
  const { lastSyncAt, lastError } = sync;
  const unresolved =
    lastError !== null &&
    (lastSyncAt === null || Date.parse(lastSyncAt) < Date.parse(lastError.at));
  return (
    <>
      <p className="mt-1 text-char-700">
        {what} last sent:{' '}
        <span className="text-char-900">
          {lastSyncAt ? formatDateTime(lastSyncAt, timeZone) : 'none yet'}
        </span>
      </p>
      {lastError && (
        <p
          className={`mt-1 flex gap-1.5 ${unresolved ? 'text-red-800' : 'text-char-700'}`}
          data-unresolved={unresolved}
        >
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">
            {unresolved ? `${what} not sent` : `${what}, last failed send`},{' '}
            {formatDateTime(lastError.at, timeZone)}: {lastError.message}
          </span>
        </p>
      )}
    </>
  );
}
