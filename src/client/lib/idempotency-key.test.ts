import { describe, expect, it } from 'vitest';
import { keyPerAttempt, newIdempotencyKey } from './idempotency-key.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('Idempotency-Key values', () => {
  it('are random UUID v4s', () => {
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(50);
  });

  it('are UUID v4s without crypto.randomUUID too (plain http on the shop network)', () => {
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(newIdempotencyKey()).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('stay the same for the same request sent again, and change with the request', () => {
    const keyFor = keyPerAttempt();
    const first = keyFor({ items: [{ id: 'cola', quantity: 1 }] });
    expect(keyFor({ items: [{ id: 'cola', quantity: 1 }] })).toBe(first);
    const changed = keyFor({ items: [{ id: 'cola', quantity: 2 }] });
    expect(changed).not.toBe(first);
    // Going back to the first request is a new attempt: a new key.
    expect(keyFor({ items: [{ id: 'cola', quantity: 1 }] })).not.toBe(first);
  });
});
