import { describe, expect, it } from 'vitest';
import { checkTable, tableFromQuery } from './table-number.ts';

describe('tableFromQuery', () => {
  it('reads table, else tableNumber', () => {
    expect(tableFromQuery(new URLSearchParams('table=4'))).toBe('4');
    expect(tableFromQuery(new URLSearchParams('tableNumber=7'))).toBe('7');
    expect(tableFromQuery(new URLSearchParams('table=2&tableNumber=7'))).toBe('2');
    expect(tableFromQuery(new URLSearchParams('table=%20'))).toBeNull();
    expect(tableFromQuery(new URLSearchParams(''))).toBeNull();
  });
});

describe('checkTable', () => {
  it('takes whole numbers from 1 to the table count', () => {
    expect(checkTable('1', 10)).toEqual({ kind: 'valid', tableNumber: '1' });
    expect(checkTable('10', 10)).toEqual({ kind: 'valid', tableNumber: '10' });
    expect(checkTable(' 04 ', 10)).toEqual({ kind: 'valid', tableNumber: '4' });
    expect(checkTable('12', 20)).toEqual({ kind: 'valid', tableNumber: '12' });
  });

  it('refuses anything else, repeating what was given', () => {
    expect(checkTable(null, 10)).toEqual({ kind: 'missing' });
    for (const raw of ['0', '11', '999', '2.5', '-1', '1e1', 'abc', '4a']) {
      expect(checkTable(raw, 10)).toEqual({ kind: 'invalid', shown: raw });
    }
    expect(checkTable('9'.repeat(40), 10)).toEqual({ kind: 'invalid', shown: '9'.repeat(20) });
  });
});
