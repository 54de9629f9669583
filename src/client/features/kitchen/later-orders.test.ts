import { describe, expect, it } from 'vitest';
import { isLater } from './later-orders.ts';

const now = new Date('2026-11-30T10:00:00Z');

describe('Later on the kitchen display (decision 026)', () => {
  it.each([
    // kitchenStatus, startAt, later
    ['pending', '2026-11-30T10:00:01Z', true],
    ['pending', '2026-11-30T10:00:00Z', false],
    ['pending', '2026-11-30T09:59:59Z', false],
    ['pending', null, false],
    // Started early: the kitchen works on it now.
    ['started', '2026-11-30T11:00:00Z', false],
    ['ready', '2026-11-30T11:00:00Z', false],
  ] as const)('%s, start %s: later %s', (kitchenStatus, startAt, later) => {
    expect(isLater({ kitchenStatus, startAt }, now)).toBe(later);
  });
});
