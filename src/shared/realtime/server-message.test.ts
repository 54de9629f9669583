import { describe, expect, it } from 'vitest';
import { serverMessageSchema } from './events.ts';
import { toServerMessage } from './server-message.ts';

const ORDER = '3f2b8c1e-6a4d-4e8b-9c2f-1a2b3c4d5e6f';

// The browser checks /ws messages by hand (decision 016); the schema stays the contract.
const cases: unknown[] = [
  { type: 'pong' },
  { type: 'pong', extra: 1 },
  { type: 'refetch' },
  { type: 'menuChanged' },
  { type: 'shopChanged' },
  { type: 'hello', role: 'customer' },
  { type: 'hello', role: 'staff', extra: true },
  { type: 'hello', role: 'admin' },
  { type: 'hello' },
  {
    type: 'statusUpdate',
    orderId: ORDER,
    status: 'ready',
    kitchenStatus: 'ready',
    kitchenEstimatedTime: 12,
    sequence: 7,
  },
  {
    type: 'statusUpdate',
    orderId: ORDER,
    status: 'pending',
    kitchenStatus: null,
    kitchenEstimatedTime: null,
  },
  {
    type: 'statusUpdate',
    orderId: ORDER,
    status: 'pending',
    kitchenStatus: null,
    kitchenEstimatedTime: null,
    sequence: undefined,
  },
  {
    type: 'statusUpdate',
    orderId: 'not-a-uuid',
    status: 'pending',
    kitchenStatus: null,
    kitchenEstimatedTime: null,
  },
  {
    type: 'statusUpdate',
    orderId: ORDER,
    status: 'lost',
    kitchenStatus: null,
    kitchenEstimatedTime: null,
  },
  {
    type: 'statusUpdate',
    orderId: ORDER,
    status: 'pending',
    kitchenStatus: 'burnt',
    kitchenEstimatedTime: null,
  },
  {
    type: 'statusUpdate',
    orderId: ORDER,
    status: 'pending',
    kitchenStatus: null,
    kitchenEstimatedTime: 1.5,
  },
  { type: 'statusUpdate', orderId: ORDER, status: 'pending', kitchenStatus: null },
  {
    type: 'statusUpdate',
    orderId: ORDER,
    status: 'pending',
    kitchenStatus: null,
    kitchenEstimatedTime: 3,
    sequence: '4',
  },
  { type: 'orderChanged', change: 'created', orderId: ORDER, orderNumber: 12, sequence: 3 },
  { type: 'orderChanged', change: 'deleted', orderId: ORDER, orderNumber: null, extra: 'x' },
  { type: 'orderChanged', change: 'moved', orderId: ORDER, orderNumber: 12 },
  { type: 'orderChanged', change: 'updated', orderId: ORDER, orderNumber: 2 ** 60 },
  { type: 'orderChanged', change: 'updated', orderId: ORDER },
  { type: 'subscribe', orderId: ORDER },
  { type: 'unknown' },
  {},
  [],
  null,
  'menuChanged',
  42,
];

describe('toServerMessage', () => {
  it.each(cases.map((value, index) => [index, value]))(
    'case %i: as serverMessageSchema does',
    (_index, value) => {
      const parsed = serverMessageSchema.safeParse(value);
      expect(toServerMessage(value)).toStrictEqual(parsed.success ? parsed.data : null);
    },
  );
});
