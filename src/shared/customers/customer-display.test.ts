import { describe, expect, it } from 'vitest';
import { customerNumberLabel, lastNameShown, personName } from './customer-display.ts';

describe('customer numbers have their own form', () => {
  it.each([
    [1001, 'C-0001'],
    [1006, 'C-0006'],
    [1999, 'C-0999'],
    [11000, 'C-10000'],
  ])('%i -> %s', (stored, shown) => {
    expect(customerNumberLabel(stored)).toBe(shown);
  });
});

describe('a first name alone', () => {
  it.each([
    ['Tom', '-', 'Tom'],
    ['Tom', ' - ', 'Tom'],
    ['Tom', '', 'Tom'],
    ['Tom', 'Tamm', 'Tom Tamm'],
    [' Tom ', ' Tamm ', 'Tom Tamm'],
    ['', 'Tamm', 'Tamm'],
    ['', '-', ''],
    ['Tom', 'Jean-Luc', 'Tom Jean-Luc'],
  ])('%j %j -> %j', (first, last, shown) => {
    expect(personName(first, last)).toBe(shown);
  });

  it('keeps a real last name and drops the stand-in', () => {
    expect(lastNameShown('-')).toBe('');
    expect(lastNameShown('Mets')).toBe('Mets');
  });
});
