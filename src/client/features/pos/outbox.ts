/**
 * Cash sales taken while the counter is offline: kept in order with the Idempotency-Key they
 * were made with, and sent in that order once the connection returns. The server answers a
 * key it has seen with the order it made (http/idempotency.ts), so a sale whose answer was
 * lost, or that two tabs send at once, still makes exactly one order.
 *
 * Pure: storage and the network are passed in, so the rules are unit-tested.
 */
import type { PosOrderRequest, PosOrderResponse } from '#shared/pos/pos.schema.ts';

export type PosOrderEndpoint = '/api/orders' | '/api/admin/orders';

export interface OutboxEntry<Extra = unknown> {
  /** The Idempotency-Key the sale was made with; the same on every try. */
  key: string;
  endpoint: PosOrderEndpoint;
  body: PosOrderRequest;
  queuedAt: string;
  /** 'failed': the server refused it (a 4xx); it waits for the cashier, not for the network. */
  status: 'waiting' | 'failed';
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

export const removeEntry = <E>(entries: OutboxEntry<E>[], key: string) =>
  entries.filter((entry) => entry.key !== key);

/**
 * Whether a refusal is worth trying again as it is: the server kept no answer for 5xx and 429
 * (http/idempotency.ts), and a 401/403 means the session, not the sale, is the problem.
 */
export function isRetryable(result: SendResult): boolean {
  if (result.kind === 'network') return true;
  if (result.kind === 'http') {
    return result.status >= 500 || result.status === 429 || [401, 403, 408].includes(result.status);
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
  /** Why it stopped early (the next sale is still waiting), or null when none is left. */
  stoppedBy: SendResult | null;
}

/**
 * Sends the waiting sales, oldest first, one at a time. Storage is read again before each one
 * (another tab may have sent some) and written after each, so a crash loses nothing. A sale the
 * server refuses is marked failed and the next goes; a sale that gets no answer, or a refusal
 * worth retrying, stops the run with it and everything after it still waiting, in order.
 */
export async function drainOutbox<E>(
  storage: OutboxStorage<E>,
  send: (entry: OutboxEntry<E>) => Promise<SendResult>,
): Promise<DrainReport<E>> {
  const report: DrainReport<E> = { sent: [], failed: [], stoppedBy: null };
  const tried = new Set<string>();
  for (;;) {
    const next = waitingEntries(storage.load()).find((entry) => !tried.has(entry.key));
    if (!next) return report;
    tried.add(next.key);
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
        ((entry as OutboxEntry<E>).status === 'waiting' ||
          (entry as OutboxEntry<E>).status === 'failed'),
    );
  } catch {
    return [];
  }
}
