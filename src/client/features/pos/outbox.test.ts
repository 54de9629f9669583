import { describe, expect, it } from 'vitest';
import type { PosOrderRequest } from '#shared/pos/pos.schema.ts';
import {
  drainOutbox,
  enqueue,
  failedEntries,
  isPastKeyRetention,
  isRetryable,
  markSendAnyway,
  parseOutbox,
  reviewEntries,
  waitingEntries,
  type OutboxEntry,
  type SendResult,
} from './outbox.ts';

const body = (name: string): PosOrderRequest => ({
  paymentMethod: 'cash',
  cashReceived: 10,
  items: [{ menuItemId: 'cola', name, quantity: 1, customizations: { addOns: [] } }],
});

const QUEUED_AT = '2026-06-12T18:00:00.000Z';
const entry = (key: string, queuedAt = QUEUED_AT): OutboxEntry<null> => ({
  key,
  endpoint: '/api/orders',
  body: body(key),
  queuedAt,
  status: 'waiting',
  attempts: 0,
});

/** A drain an hour after the sales were queued: well inside the server's key retention. */
const drain = (
  storage: Parameters<typeof drainOutbox<null>>[0],
  send: Parameters<typeof drainOutbox<null>>[1],
) => drainOutbox(storage, send, () => new Date('2026-06-12T19:00:00.000Z'));

/** Storage as localStorage behaves: a JSON string, read back each time. */
function memoryStorage(entries: OutboxEntry<null>[]) {
  let raw = JSON.stringify(entries);
  return {
    load: () => parseOutbox<null>(raw),
    save: (next: OutboxEntry<null>[]) => {
      raw = JSON.stringify(next);
    },
    get entries() {
      return parseOutbox<null>(raw);
    },
  };
}

const sent = (orderNumber: number): SendResult => ({
  kind: 'sent',
  response: {
    id: '00000000-0000-4000-8000-000000000000',
    orderNumber,
    total: '2.90',
    change: '7.10',
  },
});

describe('enqueue', () => {
  it('keeps the order the sales were made in and never queues a key twice', () => {
    let entries = enqueue([], entry('a'));
    entries = enqueue(entries, entry('b'));
    entries = enqueue(entries, entry('a'));
    expect(entries.map((e) => e.key)).toEqual(['a', 'b']);
  });
});

describe('drainOutbox', () => {
  it('sends the waiting sales in order, each with its own key, once', async () => {
    const storage = memoryStorage([entry('a'), entry('b'), entry('c')]);
    const keys: string[] = [];
    let number = 100;
    const report = await drain(storage, async (e) => {
      keys.push(e.key);
      return sent(++number);
    });
    expect(keys).toEqual(['a', 'b', 'c']);
    expect(report.sent.map((s) => s.response.orderNumber)).toEqual([101, 102, 103]);
    expect(storage.entries).toEqual([]);
    expect(report.stoppedBy).toBeNull();
  });

  it('stops at a sale with no answer and keeps it and the rest, in order, with their keys', async () => {
    const storage = memoryStorage([entry('a'), entry('b'), entry('c')]);
    const keys: string[] = [];
    const report = await drain(storage, async (e) => {
      keys.push(e.key);
      return e.key === 'b' ? { kind: 'network' } : sent(1);
    });
    expect(keys).toEqual(['a', 'b']);
    expect(report.stoppedBy).toEqual({ kind: 'network' });
    expect(storage.entries.map((e) => [e.key, e.status, e.attempts])).toEqual([
      ['b', 'waiting', 1],
      ['c', 'waiting', 0],
    ]);
  });

  it('retries with the same key: a sale whose answer was lost is sent again unchanged', async () => {
    const storage = memoryStorage([entry('a')]);
    const tries: { key: string; body: unknown }[] = [];
    await drain(storage, async (e) => {
      tries.push({ key: e.key, body: e.body });
      return { kind: 'network' };
    });
    await drain(storage, async (e) => {
      tries.push({ key: e.key, body: e.body });
      return sent(7);
    });
    expect(tries).toHaveLength(2);
    expect(tries[1]).toEqual(tries[0]);
    expect(storage.entries).toEqual([]);
  });

  it('marks a sale the server refuses as failed with its message and goes on', async () => {
    const storage = memoryStorage([entry('a'), entry('b')]);
    const report = await drain(storage, async (e) =>
      e.key === 'a' ? { kind: 'http', status: 400, message: '"Cola 0.5 l" is sold out.' } : sent(2),
    );
    expect(report.failed.map((e) => e.key)).toEqual(['a']);
    expect(report.sent.map((s) => s.entry.key)).toEqual(['b']);
    expect(storage.entries).toMatchObject([
      { key: 'a', status: 'failed', error: '"Cola 0.5 l" is sold out.' },
    ]);
    expect(waitingEntries(storage.entries)).toEqual([]);
    expect(failedEntries(storage.entries)).toHaveLength(1);
  });

  it('a server error, a rate limit or a lost session stop the run and keep the sale waiting', async () => {
    for (const status of [500, 503, 429, 401, 403]) {
      const storage = memoryStorage([entry('a'), entry('b')]);
      const keys: string[] = [];
      await drain(storage, async (e) => {
        keys.push(e.key);
        return { kind: 'http', status, message: 'x' };
      });
      expect(keys).toEqual(['a']);
      expect(waitingEntries(storage.entries).map((e) => e.key)).toEqual(['a', 'b']);
    }
  });

  it('does not send what another tab sent meanwhile (storage is read before each sale)', async () => {
    const storage = memoryStorage([entry('a'), entry('b')]);
    const keys: string[] = [];
    await drain(storage, async (e) => {
      keys.push(e.key);
      // Another tab sends 'b' while 'a' is on its way.
      storage.save(storage.load().filter((other) => other.key !== 'b'));
      return sent(1);
    });
    expect(keys).toEqual(['a']);
    expect(storage.entries).toEqual([]);
  });

  it('does nothing with failed sales (they wait for the cashier)', async () => {
    const storage = memoryStorage([{ ...entry('a'), status: 'failed', error: 'no' }]);
    let calls = 0;
    await drain(storage, async () => {
      calls++;
      return sent(1);
    });
    expect(calls).toBe(0);
  });
});

/**
 * The server keeps a key 48 hours (decision 007). A sale queued longer ago than that may have
 * gone through already and the server would no longer know: it is not sent by itself.
 */
describe('a sale older than the server keeps keys', () => {
  const at = (iso: string) => () => new Date(iso);

  it('is held for a look instead of being sent, and the younger sales still go', async () => {
    const storage = memoryStorage([
      entry('old', '2026-06-10T17:59:00.000Z'),
      entry('young', '2026-06-12T17:00:00.000Z'),
    ]);
    const keys: string[] = [];
    const report = await drainOutbox(
      storage,
      async (e) => {
        keys.push(e.key);
        return sent(5);
      },
      // 48 h and 1 min after the old sale was queued.
      at('2026-06-12T18:00:00.000Z'),
    );
    expect(keys).toEqual(['young']);
    expect(report.review.map((e) => e.key)).toEqual(['old']);
    expect(storage.entries.map((e) => [e.key, e.status])).toEqual([['old', 'review']]);
    expect(reviewEntries(storage.entries)).toHaveLength(1);
    expect(waitingEntries(storage.entries)).toEqual([]);

    // A later run does not send it either: it waits for a person.
    const again = await drainOutbox(storage, async () => sent(6), at('2026-06-13T00:00:00.000Z'));
    expect(again.sent).toEqual([]);
    expect(storage.entries.map((e) => e.status)).toEqual(['review']);
  });

  it('goes at 48 hours less a minute, and not at 48 hours and a minute', () => {
    const queued = entry('a', '2026-06-10T12:00:00.000Z');
    expect(isPastKeyRetention(queued, new Date('2026-06-12T11:59:00.000Z'))).toBe(false);
    expect(isPastKeyRetention(queued, new Date('2026-06-12T12:01:00.000Z'))).toBe(true);
    // A time that cannot be read is treated as too old.
    expect(isPastKeyRetention({ ...queued, queuedAt: 'yesterday' }, new Date())).toBe(true);
  });

  it('is sent once a person chose Send anyway, with its own key', async () => {
    const storage = memoryStorage([{ ...entry('old', '2026-06-01T12:00:00.000Z') }]);
    await drainOutbox(storage, async () => sent(1), at('2026-06-12T12:00:00.000Z'));
    expect(storage.entries.map((e) => e.status)).toEqual(['review']);
    storage.save(markSendAnyway(storage.load(), 'old'));
    expect(storage.entries).toMatchObject([{ key: 'old', status: 'waiting', sendAnyway: true }]);
    const keys: string[] = [];
    const report = await drainOutbox(
      storage,
      async (e) => {
        keys.push(e.key);
        return sent(9);
      },
      at('2026-06-12T12:00:00.000Z'),
    );
    expect(keys).toEqual(['old']);
    expect(report.sent.map((s) => s.response.orderNumber)).toEqual([9]);
    expect(storage.entries).toEqual([]);
  });

  it('survives a reload marked as needing a look', () => {
    const held = { ...entry('old'), status: 'review' as const };
    expect(parseOutbox(JSON.stringify([held]))).toEqual([held]);
  });
});

describe('isRetryable', () => {
  it('retries the network, 5xx, 429 and session problems; not a refusal of the sale', () => {
    expect(isRetryable({ kind: 'network' })).toBe(true);
    expect(isRetryable({ kind: 'http', status: 502, message: '' })).toBe(true);
    expect(isRetryable({ kind: 'http', status: 400, message: '' })).toBe(false);
    expect(isRetryable({ kind: 'http', status: 409, message: '' })).toBe(false);
  });

  it('retries the 409 of a try of the same sale still being answered (it may have made it)', () => {
    const stillRunning =
      'A request with this Idempotency-Key is still being answered. Please try again.';
    expect(isRetryable({ kind: 'http', status: 409, message: stillRunning })).toBe(true);
    expect(
      isRetryable({
        kind: 'http',
        status: 409,
        message: 'This Idempotency-Key was already used for a different request.',
      }),
    ).toBe(false);
  });
});

describe('parseOutbox', () => {
  it('reads what it wrote and ignores anything else', () => {
    expect(parseOutbox(JSON.stringify([entry('a')]))).toEqual([entry('a')]);
    expect(parseOutbox(null)).toEqual([]);
    expect(parseOutbox('not json')).toEqual([]);
    expect(parseOutbox('{"key":"a"}')).toEqual([]);
    expect(parseOutbox(JSON.stringify([{ key: 'a' }, entry('b')])).map((e) => e.key)).toEqual([
      'b',
    ]);
  });
});
