import { describe, expect, it } from 'vitest';
import type { PosOrderRequest } from '#shared/pos/pos.schema.ts';
import {
  drainOutbox,
  enqueue,
  failedEntries,
  isRetryable,
  parseOutbox,
  waitingEntries,
  type OutboxEntry,
  type SendResult,
} from './outbox.ts';

const body = (name: string): PosOrderRequest => ({
  paymentMethod: 'cash',
  cashReceived: 10,
  items: [{ menuItemId: 'cola', name, quantity: 1, customizations: { addOns: [] } }],
});

const entry = (key: string): OutboxEntry<null> => ({
  key,
  endpoint: '/api/orders',
  body: body(key),
  queuedAt: '2026-06-12T18:00:00.000Z',
  status: 'waiting',
  attempts: 0,
});

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
    const report = await drainOutbox(storage, async (e) => {
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
    const report = await drainOutbox(storage, async (e) => {
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
    await drainOutbox(storage, async (e) => {
      tries.push({ key: e.key, body: e.body });
      return { kind: 'network' };
    });
    await drainOutbox(storage, async (e) => {
      tries.push({ key: e.key, body: e.body });
      return sent(7);
    });
    expect(tries).toHaveLength(2);
    expect(tries[1]).toEqual(tries[0]);
    expect(storage.entries).toEqual([]);
  });

  it('marks a sale the server refuses as failed with its message and goes on', async () => {
    const storage = memoryStorage([entry('a'), entry('b')]);
    const report = await drainOutbox(storage, async (e) =>
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
      await drainOutbox(storage, async (e) => {
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
    await drainOutbox(storage, async (e) => {
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
    await drainOutbox(storage, async () => {
      calls++;
      return sent(1);
    });
    expect(calls).toBe(0);
  });
});

describe('isRetryable', () => {
  it('retries the network, 5xx, 429 and session problems; not a refusal of the sale', () => {
    expect(isRetryable({ kind: 'network' })).toBe(true);
    expect(isRetryable({ kind: 'http', status: 502, message: '' })).toBe(true);
    expect(isRetryable({ kind: 'http', status: 400, message: '' })).toBe(false);
    expect(isRetryable({ kind: 'http', status: 409, message: '' })).toBe(false);
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
