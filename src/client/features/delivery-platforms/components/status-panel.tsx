import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import {
  PLATFORM_NAMES,
  type PlatformStatus,
  type WebhookInfo,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Badge } from '../../admin-dashboard/components/badges.tsx';
import { formatDateTime } from '../../admin-dashboard/lib/format.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';

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
 * and when a sold-out mark and the hours last reached it, with the last failure (decision 027).
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
 * When a change (sold-out marks, or the hours) last reached the platform, and the last failure:
 * red while no change has reached it since, grey once one has (decision 027).
 */
export function SyncLine({
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
