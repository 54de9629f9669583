import { describe, expect, it } from 'vitest';
import {
  displayStatus,
  estimatedReadyAt,
  isOverdue,
  KITCHEN_STATUSES,
  kitchenStepAllowed,
  ORDER_STATUSES,
  ORDER_STATUS_FOR_KITCHEN,
  presentStatus,
  type KitchenStatus,
} from './order-states.ts';

describe('presentStatus (spec customer-site §4)', () => {
  // Every order status with its label, customer message and colour, written out by hand (not
  // read from order-states.ts): a change there must fail here until this table changes on purpose.
  const LABELS = {
    pending: {
      label: 'In the Queue',
      message: 'Your order is in queue and will be prepared shortly.',
      tone: 'yellow',
    },
    confirmed: { label: 'Order Confirmed', message: null, tone: 'neutral' },
    paid: { label: 'Payment Received', message: null, tone: 'neutral' },
    preparing: { label: 'Being Prepared', message: 'Your order is being prepared!', tone: 'blue' },
    ready: {
      label: 'Ready for Pickup',
      message: 'Your order is ready for pickup! Please come to the counter.',
      tone: 'green',
    },
    completed: { label: 'DONE', message: null, tone: 'grey' },
    cancelled: { label: 'Cancelled', message: 'This order was cancelled.', tone: 'red' },
  };

  it('knows exactly these order statuses, in this order', () => {
    expect([...ORDER_STATUSES]).toEqual([
      'pending',
      'preparing',
      'ready',
      'completed',
      'cancelled',
    ]);
  });

  it.each(Object.entries(LABELS))('%s is presented as %o', (status, expected) => {
    expect(presentStatus(status)).toEqual(expected);
  });

  it.each(['refunded', 'on-hold', '', 'PENDING'])(
    'labels an unknown status %j "Processing"',
    (status) => {
      expect(presentStatus(status)).toEqual({
        label: 'Processing',
        message: null,
        tone: 'neutral',
      });
    },
  );
});

describe('displayStatus (the /track page)', () => {
  it.each([
    ['pending', 'pending'],
    ['started', 'preparing'],
    ['ready', 'ready'],
    ['done', 'completed'],
    ['cleared', 'completed'],
  ])('kitchen status %s shows %s', (kitchenStatus, expected) => {
    // The order status is deliberately different, so the kitchen status must win.
    expect(displayStatus('paid', kitchenStatus)).toBe(expected);
  });

  it('uses the order status when there is no kitchen status', () => {
    expect(displayStatus('paid', null)).toBe('paid');
    expect(displayStatus('confirmed', undefined)).toBe('confirmed');
    expect(displayStatus('completed', null)).toBe('completed');
  });
});

describe('estimated ready time', () => {
  it('is the kitchen start plus the estimate, or null when either is missing', () => {
    expect(estimatedReadyAt('2026-03-03T12:00:00.000Z', 20)?.toISOString()).toBe(
      '2026-03-03T12:20:00.000Z',
    );
    expect(estimatedReadyAt(null, 20)).toBeNull();
    expect(estimatedReadyAt('2026-03-03T12:00:00.000Z', null)).toBeNull();
    expect(estimatedReadyAt('garbage', 10)).toBeNull();
  });
});

describe('presentStatus with names of object properties', () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])(
    '%s is Processing',
    (status) => {
      expect(presentStatus(status).label).toBe('Processing');
    },
  );
});

describe('the kitchen state table (spec back-office §4), pinned', () => {
  // Where each status may go, written out by hand, not read from KITCHEN_TRANSITIONS: a change
  // there must fail here until this table changes on purpose. Unset = never touched.
  const TABLE: [KitchenStatus | null, KitchenStatus[]][] = [
    [null, ['started']],
    ['pending', ['started']],
    ['started', ['started', 'ready']],
    ['ready', ['done']],
    ['done', ['ready', 'cleared']],
    ['cleared', ['ready']],
  ];

  it('knows exactly these statuses', () => {
    expect([...KITCHEN_STATUSES]).toEqual(['pending', 'started', 'ready', 'done', 'cleared']);
  });

  it('gives each kitchen status the order status the customer sees', () => {
    expect({ ...ORDER_STATUS_FOR_KITCHEN }).toEqual({
      pending: 'pending',
      started: 'preparing',
      ready: 'ready',
      done: 'completed',
      cleared: 'completed',
    });
  });

  for (const [from, allowed] of TABLE) {
    it(`from ${from ?? 'unset'} only to ${allowed.join(' or ')}`, () => {
      const reachable = KITCHEN_STATUSES.filter((to) => kitchenStepAllowed(from, to));
      expect([...reachable].sort()).toEqual([...allowed].sort());
    });
  }
});

describe('overdue (spec back-office §4: more minutes since the start than the estimate)', () => {
  const started = '2026-05-05T12:00:00Z';
  it.each([
    ['19 min 59 s into a 20-minute estimate', '2026-05-05T12:19:59Z', 20, false],
    ['exactly at the estimate', '2026-05-05T12:20:00Z', 20, false],
    ['one second past it', '2026-05-05T12:20:01Z', 20, true],
    ['an hour into a 50-minute estimate', '2026-05-05T13:00:00Z', 50, true],
  ] as const)('%s: %s', (_name, now, estimate, expected) => {
    expect(isOverdue(started, estimate, new Date(now))).toBe(expected);
  });

  it('is never overdue without a start or an estimate', () => {
    const late = new Date('2026-05-06T00:00:00Z');
    expect(isOverdue(null, 20, late)).toBe(false);
    expect(isOverdue(started, null, late)).toBe(false);
  });
});
