/**
 * Cash sales taken while the counter is offline: kept in order with the Idempotency-Key they
 * were made with, and sent in that order once the connection returns. The server answers a
 * key it has seen with the order it made (http/idempotency.ts), so a sale whose answer was
 * lost, or that two tabs send at once, still makes exactly one order.
 *
 * The server keeps a key's answer for IDEMPOTENCY_KEY_RETENTION_HOURS (decision 007). A sale
 * queued longer ago than that is not sent by itself: it is marked as needing a look, and a
 * person chooses to send it anyway or to discard it.
 *
 * Pure: storage, the clock and the network are passed in, so the rules are unit-tested.
 */
import {
  IDEMPOTENCY_KEY_RETENTION_MS,
  IDEMPOTENCY_STILL_RUNNING_MESSAGE,
} from '#shared/idempotency/idempotency.ts';
import type { PosOrderRequest, PosOrderResponse } from '#shared/pos/pos.schema.ts';

export type PosOrderEndpoint = '/api/orders' | '/api/admin/orders';

export interface OutboxEntry<Extra = unknown> {
  /** The Idempotency-Key the sale was made with; the same on every try. */
  key: string;
  endpoint: PosOrderEndpoint;
  body: PosOrderRequest;
  queuedAt: string;
  /**
   * 'failed': the server refused it (a 4xx); it waits for the cashier, not for the network.
   * 'review': queued longer ago than the server keeps keys; it waits for a person's choice.
   */
  status: 'waiting' | 'failed' | 'review';
  /** A person chose to send it although it is older than the keys are kept. */
  sendAnyway?: boolean;
  error?: string;
  attempts: number;
  /** What the screen keeps with it (the receipt). */
  extra?: Extra;
}

/** How one try ended. */
export type SendResult =
  | { kind: 'sent'; response: PosOrderResponse }
  /** No answer (offline, dropped, timed out): try again later with the same key. */
  | { kind: 'network' }
  | { kind: 'http'; status: number; message: string };

/** Adds a sale at the end; a key already queued is not added twice. */
export function enqueue<E>(entries: OutboxEntry<E>[], entry: OutboxEntry<E>): OutboxEntry<E>[] {
  if (entries.some((existing) => existing.key === entry.key)) return entries;
  return [...entries, entry];
}

export const waitingEntries = <E>(entries: OutboxEntry<E>[]) =>
  entries.filter((entry) => entry.status === 'waiting');

export const failedEntries = <E>(entries: OutboxEntry<E>[]) =>
  entries.filter((entry) => entry.status === 'failed');

/** Sales that need a look before they go (queued longer ago than the server keeps keys). */
export const reviewEntries = <E>(entries: OutboxEntry<E>[]) =>
  entries.filter((entry) => entry.status === 'review');

/**
 * Whether a waiting sale is too old to send by itself: the server may have forgotten its key,
 * so it could not tell a sale that went through before from a new one. An unreadable time
 * counts as too old.
 */
export function isPastKeyRetention(entry: OutboxEntry<unknown>, now: Date): boolean {
  if (entry.sendAnyway) return false;
  const queued = Date.parse(entry.queuedAt);
  return !(now.getTime() - queued <= IDEMPOTENCY_KEY_RETENTION_MS);
}

/** A person looked at a sale that needed it and chose to send it: it waits to go again. */
export const markSendAnyway = <E>(entries: OutboxEntry<E>[], key: string): OutboxEntry<E>[] =>
  entries.map((entry) =>
    entry.key === key && entry.status === 'review'
      ? { ...entry, status: 'waiting', sendAnyway: true }
      : entry,
  );

export const removeEntry = <E>(entries: OutboxEntry<E>[], key: string) =>
  entries.filter((entry) => entry.key !== key);

/**
 * Whether a refusal is worth trying again as it is: the server kept no answer for 5xx and 429
 * (http/idempotency.ts), a 401/403 means the session, not the sale, is the problem, and the 409
 * "still being answered" means an earlier try of this very sale has not finished (or died and
 * its claim has not run out yet): it may well have made the order, so it must not be discarded.
 */
export function isRetryable(result: SendResult): boolean {
  if (result.kind === 'network') return true;
  if (result.kind === 'http') {
    return (
      result.status >= 500 ||
      result.status === 429 ||
      [401, 403, 408].includes(result.status) ||
      (result.status === 409 && result.message === IDEMPOTENCY_STILL_RUNNING_MESSAGE)
    );
  }
  return false;
}

export interface OutboxStorage<E> {
  load: () => OutboxEntry<E>[];
  save: (entries: OutboxEntry<E>[]) => void;
}

export interface DrainReport<E> {
  sent: { entry: OutboxEntry<E>; response: PosOrderResponse }[];
  failed: OutboxEntry<E>[];
  /** Held back for a person's look (isPastKeyRetention). */
  review: OutboxEntry<E>[];
  /** Why it stopped early (the next sale is still waiting), or null when none is left. */
  stoppedBy: SendResult | null;
}

/**
 * Sends the waiting sales, oldest first, one at a time. Storage is read again before each one
 * (another tab may have sent some) and written after each, so a crash loses nothing. A sale the
 * server refuses is marked failed and the next goes; a sale that gets no answer, or a refusal
 * worth retrying, stops the run with it and everything after it still waiting, in order. A sale
 * queued longer ago than the server keeps keys is not sent: it is marked for review.
 */
export async function drainOutbox<E>(
  storage: OutboxStorage<E>,
  send: (entry: OutboxEntry<E>) => Promise<SendResult>,
  now: () => Date,
): Promise<DrainReport<E>> {
  const report: DrainReport<E> = { sent: [], failed: [], review: [], stoppedBy: null };
  const tried = new Set<string>();
  for (;;) {
    const next = waitingEntries(storage.load()).find((entry) => !tried.has(entry.key));
    if (!next) return report;
    tried.add(next.key);
    if (isPastKeyRetention(next, now())) {
      const held: OutboxEntry<E> = { ...next, status: 'review' };
      storage.save(storage.load().map((entry) => (entry.key === next.key ? held : entry)));
      report.review.push(held);
      continue;
    }
    const result = await send(next);
    const current = storage.load();
    if (result.kind === 'sent') {
      storage.save(removeEntry(current, next.key));
      report.sent.push({ entry: next, response: result.response });
      continue;
    }
    if (isRetryable(result)) {
      storage.save(
        current.map((entry) =>
          entry.key === next.key ? { ...entry, attempts: entry.attempts + 1 } : entry,
        ),
      );
      report.stoppedBy = result;
      return report;
    }
    const failed: OutboxEntry<E> = {
      ...next,
      status: 'failed',
      attempts: next.attempts + 1,
      error: result.kind === 'http' ? result.message : undefined,
    };
    storage.save(current.map((entry) => (entry.key === next.key ? failed : entry)));
    report.failed.push(failed);
  }
}

/** Reads what browser storage holds; anything unreadable counts as nothing queued. */
export function parseOutbox<E>(raw: string | null): OutboxEntry<E>[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is OutboxEntry<E> =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as OutboxEntry<E>).key === 'string' &&
        typeof (entry as OutboxEntry<E>).endpoint === 'string' &&
        typeof (entry as OutboxEntry<E>).body === 'object' &&
        ['waiting', 'failed', 'review'].includes((entry as OutboxEntry<E>).status),
    );
  } catch {
    return [];
  }
}
