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
    // Customer numbers have their own form (C-0002), not an order number's (#1002).
    ['C-0002', true],
    ['c-0002', true],
    ['0002', true],
    ['#1002', false],
    ['anna kask', false],
    ['C-0003', false],
  ])('%j: %s', (search, expected) => {
    expect(matchesCustomerSearch(anna, search)).toBe(expected);
  });
});
