import { describe, expect, it } from 'vitest';
import { formatCustomerClock, formatCustomerDateTime } from './customer-date-time.ts';

describe('the customer pages’ date and time', () => {
  it('writes a date as day, short month, year and a 24-hour time', () => {
    expect(formatCustomerDateTime('2026-11-24T17:05:00Z', 'UTC')).toBe('24 Nov 2026, 17:05');
    expect(formatCustomerDateTime(new Date('2026-03-02T08:09:00Z'), 'UTC')).toBe(
      '2 Mar 2026, 08:09',
    );
  });

  it('writes the time of day on a 24-hour clock, midnight as 00', () => {
    expect(formatCustomerClock('2026-11-24T00:30:00Z', 'UTC')).toBe('00:30');
    expect(formatCustomerClock('2026-11-24T21:45:00Z', 'UTC')).toBe('21:45');
  });

  it('shows the time in the zone it is given', () => {
    expect(formatCustomerClock('2026-07-01T12:00:00Z', 'Europe/Tallinn')).toBe('15:00');
  });
});
