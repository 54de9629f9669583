import { describe, expect, it } from 'vitest';
import { matchesCustomerSearch } from './customer-search.ts';

const anna = {
  firstName: 'Anna',
  lastName: 'Tamm',
  email: 'anna@example.com',
  phone: '+372 5555 0101',
  customerNumber: 1002,
};

describe('matchesCustomerSearch', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['anna', true],
    ['ANNA tamm', true],
    ['tamm anna', true],
    ['example.com', true],
    ['55550101', true],
    ['5555 0101', true],
    ['1002', true],
    ['#1002', true],
    ['anna kask', false],
    ['1003', false],
  ])('%j: %s', (search, expected) => {
    expect(matchesCustomerSearch(anna, search)).toBe(expected);
  });
});
