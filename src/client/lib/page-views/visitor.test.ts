import { describe, expect, it } from 'vitest';
import {
  VISITOR_STORAGE_KEY,
  isNewVisitorOn,
  localDay,
  normalisePath,
  parseVisitorRecord,
  visitorRecord,
} from './visitor.ts';

/** A localStorage stand-in; `refuse` makes it throw like a blocked one. */
function memoryStorage(initial: Record<string, string> = {}, refuse = false) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => {
      if (refuse) throw new Error('SecurityError');
      return items.get(key) ?? null;
    },
    setItem: (key: string, value: string) => {
      if (refuse) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
  };
}

describe('localDay', () => {
  it('is the local calendar day, zero-padded', () => {
    expect(localDay(new Date(2026, 0, 5, 0, 0, 1))).toBe('2026-01-05');
    expect(localDay(new Date(2026, 11, 31, 23, 59, 59))).toBe('2026-12-31');
  });
});

describe('isNewVisitorOn', () => {
  it('is new on the day first seen, for every view of that day', () => {
    expect(isNewVisitorOn({ id: 'a', firstSeen: '2026-05-31' }, '2026-05-31')).toBe(true);
  });

  it('is returning from the next day on, across a month and a year', () => {
    expect(isNewVisitorOn({ id: 'a', firstSeen: '2026-05-31' }, '2026-06-01')).toBe(false);
    expect(isNewVisitorOn({ id: 'a', firstSeen: '2025-12-31' }, '2026-01-01')).toBe(false);
    expect(isNewVisitorOn({ id: 'a', firstSeen: '2026-01-01' }, '2026-05-31')).toBe(false);
  });
});

describe('visitorRecord', () => {
  it('creates and keeps a record first seen today for a browser without one', () => {
    const storage = memoryStorage();
    const record = visitorRecord(storage, '2026-05-31', () => 'id-1');
    expect(record).toEqual({ id: 'id-1', firstSeen: '2026-05-31' });
    expect(isNewVisitorOn(record, '2026-05-31')).toBe(true);
    expect(JSON.parse(storage.items.get(VISITOR_STORAGE_KEY)!)).toEqual(record);
  });

  it('keeps the stored record: new all of its first day, returning the day after', () => {
    const storage = memoryStorage();
    visitorRecord(storage, '2026-05-31', () => 'id-1');
    const later = visitorRecord(storage, '2026-05-31', () => 'id-2');
    expect(later).toEqual({ id: 'id-1', firstSeen: '2026-05-31' });
    const nextDay = visitorRecord(storage, '2026-06-01', () => 'id-3');
    expect(nextDay).toEqual({ id: 'id-1', firstSeen: '2026-05-31' });
    expect(isNewVisitorOn(nextDay, '2026-06-01')).toBe(false);
  });

  it('replaces a record that is not one of ours', () => {
    const storage = memoryStorage({ [VISITOR_STORAGE_KEY]: '{"id":"x","firstSeen":"yesterday"}' });
    expect(visitorRecord(storage, '2026-05-31', () => 'id-1')).toEqual({
      id: 'id-1',
      firstSeen: '2026-05-31',
    });
  });

  it('counts a browser whose storage is blocked as new, without throwing', () => {
    const record = visitorRecord(memoryStorage({}, true), '2026-05-31', () => 'id-1');
    expect(isNewVisitorOn(record, '2026-05-31')).toBe(true);
    expect(
      isNewVisitorOn(
        visitorRecord(undefined, '2026-05-31', () => 'id-2'),
        '2026-05-31',
      ),
    ).toBe(true);
  });
});

describe('parseVisitorRecord', () => {
  it('reads our record and nothing else', () => {
    expect(parseVisitorRecord('{"id":"abc","firstSeen":"2026-05-31"}')).toEqual({
      id: 'abc',
      firstSeen: '2026-05-31',
    });
    expect(parseVisitorRecord(null)).toBeNull();
    expect(parseVisitorRecord('not json')).toBeNull();
    expect(parseVisitorRecord('"abc"')).toBeNull();
    expect(parseVisitorRecord('{"id":"","firstSeen":"2026-05-31"}')).toBeNull();
    expect(parseVisitorRecord('{"id":"abc"}')).toBeNull();
  });
});

describe('normalisePath', () => {
  it('drops the query and the fragment', () => {
    expect(normalisePath('/table?table=4')).toBe('/table');
    expect(normalisePath('/track#status')).toBe('/track');
    expect(normalisePath('/?utm_source=flyer')).toBe('/');
  });

  it('drops trailing and doubled slashes but keeps the root', () => {
    expect(normalisePath('/checkout/')).toBe('/checkout');
    expect(normalisePath('//admin//')).toBe('/admin');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('')).toBe('/');
  });

  it('counts an order confirmation as its page, never with the order id', () => {
    expect(normalisePath('/order-confirmation/9f1c2d')).toBe('/order-confirmation');
    expect(normalisePath('/order-confirmation')).toBe('/order-confirmation');
  });

  it('keeps at most 200 characters', () => {
    expect(normalisePath(`/${'a'.repeat(300)}`)).toHaveLength(200);
  });
});
