import { useState } from 'react';
import { RotateCw } from 'lucide-react';
import {
  PLATFORM_EVENT_STATUSES,
  PLATFORM_NAMES,
  PLATFORMS,
  type PlatformEvent,
  type PlatformEventStatus,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { Badge, type BadgeTone } from '#client/components/back-office/badges.tsx';
import { capitalise, formatDateTime } from '#client/lib/back-office/format.ts';
import {
  usePlatformEvents,
  useRetryPlatformEvent,
  type PlatformEventFilters,
} from '../api/platform-events.ts';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { CardRow } from '#client/components/ui/card-row.tsx';

const STATUS_TONES: Record<PlatformEventStatus, BadgeTone> = {
  verified: 'info',
  processed: 'success',
  rejected: 'warning',
  failed: 'danger',
};

const selectClass =
  'h-11 rounded-2xl border-2 border-char-900/15 bg-white px-3 text-sm focus:border-ember-500 focus:outline-none';

/**
 * The webhook inbox (decision 017): every notification the platforms sent, as stored before it
 * was processed; a failed one can be processed again. Of the rejected requests (a signature
 * that did not match) only the last 20 per platform are kept, with the caller's address; the
 * status panel counts them all. A table, as cards under 640 px.
 */
export function WebhookInbox({ timeZone }: { timeZone: string | undefined }) {
  const [filters, setFilters] = useState<PlatformEventFilters>({});
  const events = usePlatformEvents(filters);
  const retry = useRetryPlatformEvent();
  const filtered = Boolean(filters.platform || filters.status);

  const runRetry = (event: PlatformEvent) =>
    retry.mutate(event.id, {
      // The server waits a few seconds for the outcome; `verified` means it is still queued,
      // not that it failed (decision 017, Retry): the inbox shows how it ends.
      onSuccess: (result) => {
        if (result.status === 'processed') {
          toast.success('Event Processed', {
            description: result.orderNumber
              ? `Order #${result.orderNumber} is in the kitchen.`
              : 'The event was processed.',
          });
        } else if (result.status === 'verified') {
          toast.info('Retry Queued', {
            description: 'The event is queued again; the inbox will show how it ends.',
          });
        } else {
          toast.error('Retry Failed', {
            description: result.error ?? 'The event could not be processed.',
          });
        }
      },
      onError: (error) =>
        toast.error('Retry Failed', {
          description: errorMessage(error, 'Could not process the event again'),
        }),
    });

  return (
    <section
      aria-labelledby="webhook-inbox-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10 sm:p-5"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="webhook-inbox-title" className="font-display text-xl">
            Webhook Inbox
          </h2>
          <p className="text-sm text-char-700">
            What the platforms sent, newest first. Refreshes every 10 seconds.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="inbox-platform" className="text-xs font-bold">
              Platform
            </label>
            <select
              id="inbox-platform"
              className={selectClass}
              value={filters.platform ?? ''}
              onChange={(event) =>
                setFilters((previous) => ({
                  ...previous,
                  platform: (event.target.value || undefined) as PlatformEventFilters['platform'],
                }))
              }
            >
              <option value="">All platforms</option>
              {PLATFORMS.map((platform) => (
                <option key={platform} value={platform}>
                  {PLATFORM_NAMES[platform]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="inbox-status" className="text-xs font-bold">
              Status
            </label>
            <select
              id="inbox-status"
              className={selectClass}
              value={filters.status ?? ''}
              onChange={(event) =>
                setFilters((previous) => ({
                  ...previous,
                  status: (event.target.value || undefined) as PlatformEventFilters['status'],
                }))
              }
            >
              <option value="">All statuses</option>
              {PLATFORM_EVENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {capitalise(status)}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="outline"
            size="icon"
            aria-label="Refresh the inbox"
            title="Refresh"
            disabled={events.isFetching}
            onClick={() => void events.refetch()}
          >
            <RotateCw
              aria-hidden
              className={events.isFetching ? 'size-4 animate-spin' : 'size-4'}
            />
          </Button>
        </div>
      </div>

      {events.isPending ? (
        <Spinner label="Loading webhook events" />
      ) : events.isError ? (
        <LoadError
          what="the webhook events"
          error={events.error}
          retry={() => void events.refetch()}
        />
      ) : events.data.length === 0 ? (
        <p className="rounded-xl bg-stone-50 p-6 text-center text-sm text-char-700">
          {filtered ? 'No webhook events match these filters' : 'No webhook events yet'}
        </p>
      ) : (
        <EventList
          events={events.data}
          timeZone={timeZone}
          retryingId={retry.isPending ? (retry.variables ?? null) : null}
          onRetry={runRetry}
        />
      )}
    </section>
  );
}

interface ListProps {
  events: PlatformEvent[];
  timeZone: string | undefined;
  retryingId: number | null;
  onRetry: (event: PlatformEvent) => void;
}

/** Only one of the two is displayed, so only one is in the accessibility tree. */
function EventList({ events, timeZone, retryingId, onRetry }: ListProps) {
  const nowrap = { headerClassName: 'whitespace-nowrap' };
  return (
    <DataTable
      label="Webhook events"
      rows={events}
      rowKey={(event) => String(event.id)}
      className="overflow-x-auto rounded-xl ring-1 ring-char-900/10"
      cellClassName="px-3 py-2.5"
      rowClassName={() => 'align-top'}
      rowProps={(event) => ({ 'data-testid': `platform-event-${event.id}` })}
      cardProps={(event) => ({ 'data-testid': `platform-event-card-${event.id}` })}
      cardBoxClassName="rounded-xl bg-stone-50 p-3 ring-1 ring-char-900/10"
      actionsHeader={<span className="sr-only">Actions</span>}
      rowActions={(event) =>
        event.status === 'failed' ? (
          <RetryButton event={event} retryingId={retryingId} onRetry={onRetry} />
        ) : null
      }
      columns={[
        {
          key: 'Received',
          ...nowrap,
          cellClassName: 'whitespace-nowrap',
          cell: (event) => formatDateTime(event.receivedAt, timeZone),
        },
        { key: 'Platform', ...nowrap, cell: (event) => <PlatformCell event={event} /> },
        {
          key: 'Event',
          ...nowrap,
          cellClassName: 'font-mono text-xs break-words',
          cell: (event) => event.eventType ?? '—',
        },
        {
          key: 'Platform order',
          ...nowrap,
          cellClassName: 'max-w-40 font-mono text-xs break-all',
          cell: (event) => event.externalOrderId ?? '—',
        },
        {
          key: 'Order #',
          ...nowrap,
          cellClassName: 'font-semibold whitespace-nowrap',
          cell: (event) => (event.orderNumber ? `#${event.orderNumber}` : '—'),
        },
        {
          key: 'Status',
          ...nowrap,
          cell: (event) => (
            <Badge tone={STATUS_TONES[event.status]}>{capitalise(event.status)}</Badge>
          ),
        },
        {
          key: 'Times received',
          ...nowrap,
          cellClassName: 'text-center tabular-nums',
          cell: (event) => event.received,
        },
        {
          key: 'Error',
          ...nowrap,
          cellClassName: 'max-w-64 min-w-32 text-xs break-words text-red-800',
          cell: (event) => (
            <>
              {event.error ?? <span className="text-char-700">—</span>}
              {event.remoteAddress && (
                <span className="block font-mono text-char-700">from {event.remoteAddress}</span>
              )}
            </>
          ),
        },
      ]}
      card={(event) => (
        <>
          <div className="flex items-center justify-between gap-2">
            <PlatformCell event={event} />
            <Badge tone={STATUS_TONES[event.status]}>{capitalise(event.status)}</Badge>
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <CardRow label="Received">{formatDateTime(event.receivedAt, timeZone)}</CardRow>
            <CardRow label="Event">
              <span className="font-mono text-xs">{event.eventType ?? '—'}</span>
            </CardRow>
            <CardRow label="Platform order">
              <span className="font-mono text-xs break-all">{event.externalOrderId ?? '—'}</span>
            </CardRow>
            <CardRow label="Order #">{event.orderNumber ? `#${event.orderNumber}` : '—'}</CardRow>
            <CardRow label="Times received">{event.received}</CardRow>
            {event.error && (
              <CardRow label="Error">
                <span className="text-red-800">{event.error}</span>
              </CardRow>
            )}
            {event.remoteAddress && (
              <CardRow label="From">
                <span className="font-mono text-xs break-all">{event.remoteAddress}</span>
              </CardRow>
            )}
          </dl>
        </>
      )}
    />
  );
}

function PlatformCell({ event }: { event: PlatformEvent }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1 font-semibold">
      {PLATFORM_NAMES[event.platform]}
      {event.isTest && <Badge tone="ember">TEST</Badge>}
    </span>
  );
}

function RetryButton({
  event,
  retryingId,
  onRetry,
}: {
  event: PlatformEvent;
  retryingId: number | null;
  onRetry: (event: PlatformEvent) => void;
}) {
  if (event.status !== 'failed') return null;
  const retrying = retryingId === event.id;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Retry event ${event.id}`}
      disabled={retrying}
      onClick={() => onRetry(event)}
    >
      <RotateCw aria-hidden className="size-4" />
      {retrying ? 'Retrying…' : 'Retry'}
    </Button>
  );
}
