import { describe, expect, it } from 'vitest';
import type { WatchdogAlert } from '#shared/watchdog/watchdog.schema.ts';
import { keepCurrent, ringingAlerts } from './watchdog-alarm.ts';

const offline: WatchdogAlert = {
  kind: 'kitchenOffline',
  id: 'kitchen-1',
  since: '2026-11-27T10:00:00.000Z',
};
const order: WatchdogAlert = {
  kind: 'orderUntouched',
  id: 'order-a',
  orderId: '7b0c6f5e-2f55-4a39-9d0e-0d3b51c1b0a1',
  orderNumber: 1042,
  orderSource: 'wolt',
  since: '2026-11-27T10:01:00.000Z',
};

describe('ringingAlerts', () => {
  it.each([
    [[], [], []],
    [[offline, order], [], ['kitchen-1', 'order-a']],
    [[offline, order], ['kitchen-1'], ['order-a']],
    [[offline, order], ['kitchen-1', 'order-a'], []],
    // A new incident has a new id: acknowledging the last one does not silence it.
    [[{ ...offline, id: 'kitchen-2' }], ['kitchen-1'], ['kitchen-2']],
  ] as const)('%j acknowledged %j rings %j', (alerts, acknowledged, ringing) => {
    expect(ringingAlerts(alerts, new Set(acknowledged)).map((alert) => alert.id)).toEqual(ringing);
  });
});

describe('keepCurrent', () => {
  it('forgets acknowledgements of resolved alerts', () => {
    expect([...keepCurrent(new Set(['kitchen-1', 'order-a']), [order])]).toEqual(['order-a']);
  });
});
