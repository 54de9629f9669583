import { describe, expect, it } from 'vitest';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { IDEMPOTENCY_STILL_RUNNING_MESSAGE } from '#shared/idempotency/idempotency.ts';
import {
  applyTaps,
  dropStale,
  flushTaps,
  tapResultOf,
  type KitchenTap,
  type TapResult,
} from './kitchen-outbox.ts';

const ORDER_ID = '6f1c0d4e-8f1a-4c55-9d3e-1a2b3c4d5e6f';

const order = (overrides: Partial<KitchenOrder> = {}): KitchenOrder => ({
  id: ORDER_ID,
  orderNumber: 41,
  status: 'pending',
  kitchenStatus: 'pending',
  kitchenStartedAt: null,
  kitchenEstimatedTime: null,
  kitchenReadyAt: null,
  kitchenDoneAt: null,
  orderSource: 'website',
  type: 'pickup',
  tableNumber: null,
  customerName: 'Mari Maasikas',
  specialInstructions: null,
  total: '10.90',
  createdAt: '2026-11-27T10:00:00.000Z',
  isTest: false,
  platform: null,
  items: [],
  ...overrides,
});

const tap = (key: string, kitchenStatus: KitchenTap['change']['kitchenStatus'], extra = {}) =>
  ({
    key,
    orderId: ORDER_ID,
    orderNumber: 41,
    change: { kitchenStatus, ...extra },
    tappedAt: '2026-11-27T10:05:00.000Z',
  }) satisfies KitchenTap;

describe('tapResultOf: which answers are tried again', () => {
  // status, message → kind
  const TABLE: [number | null, string, TapResult['kind']][] = [
    [null, '', 'network'],
    [200, '', 'sent'],
    [500, '', 'network'],
    [502, '', 'network'],
    [503, '', 'network'],
    [429, '', 'network'],
    [408, '', 'network'],
    [409, IDEMPOTENCY_STILL_RUNNING_MESSAGE, 'network'],
    [409, 'Order #41 cannot go from ready to started.', 'refused'],
    [404, 'Order not found.', 'refused'],
    [400, 'Unknown kitchen status', 'refused'],
    [401, '', 'refused'],
  ];
  for (const [status, message, kind] of TABLE) {
    it(`${status ?? 'no answer'} ${message}: ${kind}`, () => {
      expect(tapResultOf(status, message).kind).toBe(kind);
    });
  }
});

describe('applyTaps: the card shows the step before the server has it', () => {
  it('Start then Ready made offline: the order shows ready, started at the tap', () => {
    const [shown] = applyTaps([order()], [tap('a', 'started'), tap('b', 'ready')]);
    expect(shown).toMatchObject({
      kitchenStatus: 'ready',
      kitchenStartedAt: '2026-11-27T10:05:00.000Z',
      kitchenReadyAt: '2026-11-27T10:05:00.000Z',
    });
  });
  it('an estimate keeps the start time', () => {
    const started = order({
      kitchenStatus: 'started',
      kitchenStartedAt: '2026-11-27T10:01:00.000Z',
    });
    const [shown] = applyTaps([started], [tap('a', 'started', { estimatedTime: 20 })]);
    expect(shown).toMatchObject({
      kitchenStartedAt: '2026-11-27T10:01:00.000Z',
      kitchenEstimatedTime: 20,
    });
  });
  it('a step the state table refuses shows nothing (the order moved on elsewhere)', () => {
    const done = order({ kitchenStatus: 'done' });
    expect(applyTaps([done], [tap('a', 'started')])[0]!.kitchenStatus).toBe('done');
  });
  it('a cancelled order does not move', () => {
    const cancelled = order({ status: 'cancelled' });
    expect(applyTaps([cancelled], [tap('a', 'started')])[0]!.kitchenStatus).toBe('pending');
  });
  it('accepting a platform order ends its countdown', () => {
    const wolt = order({
      orderSource: 'wolt',
      platform: {
        externalNumber: 'W1',
        acceptBy: '2026-11-27T10:03:00.000Z',
        pickupAt: null,
        error: null,
      },
    });
    expect(applyTaps([wolt], [tap('a', 'started')])[0]!.platform?.acceptBy).toBeNull();
  });
});

describe('flushTaps: in order, each once', () => {
  it('sends each tap once, in order, when the server answers', async () => {
    const sent: string[] = [];
    const outcome = await flushTaps([tap('a', 'started'), tap('b', 'ready')], async (next) => {
      sent.push(next.key);
      return { kind: 'sent' };
    });
    expect(sent).toEqual(['a', 'b']);
    expect(outcome.remaining).toEqual([]);
    expect(outcome.sent.map((done) => done.key)).toEqual(['a', 'b']);
  });
  it('no answer stops the run; the taps after it wait with it, keys unchanged', async () => {
    const sent: string[] = [];
    const taps = [tap('a', 'started'), tap('b', 'ready')];
    const outcome = await flushTaps(taps, async (next) => {
      sent.push(next.key);
      return { kind: 'network' };
    });
    expect(sent).toEqual(['a']);
    expect(outcome.remaining).toEqual(taps);
    // Back online: the same keys go, so a tap that did reach the server is answered once.
    const again = await flushTaps(outcome.remaining, async () => ({ kind: 'sent' }));
    expect(again.sent.map((done) => done.key)).toEqual(['a', 'b']);
  });
  it('a refused tap is dropped and told, the next one still goes', async () => {
    const outcome = await flushTaps([tap('a', 'started'), tap('b', 'ready')], async (next) =>
      next.key === 'a' ? { kind: 'refused', message: 'cannot go' } : { kind: 'sent' },
    );
    expect(outcome.refused).toEqual([{ tap: tap('a', 'started'), message: 'cannot go' }]);
    expect(outcome.sent.map((done) => done.key)).toEqual(['b']);
    expect(outcome.remaining).toEqual([]);
  });
});

describe('dropStale', () => {
  it('keeps taps younger than the server keeps keys (48 h)', () => {
    const taps = [tap('a', 'started')];
    expect(dropStale(taps, new Date('2026-11-29T10:04:59.000Z'))).toEqual(taps);
    expect(dropStale(taps, new Date('2026-11-29T10:05:00.000Z'))).toEqual([]);
  });
});
