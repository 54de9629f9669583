import { describe, expect, it } from 'vitest';
import {
  canMarkPaid,
  customerName,
  euro,
  exportUrl,
  formatAddress,
  formatDateTime,
  formatTime,
  isPositive,
  itemCount,
  itemsSummary,
  orderStatusBadge,
  orderTypeLabel,
  paymentStatusBadge,
  sourceLabel,
} from './format.ts';

const customer = (firstName: string, lastName: string) => ({
  firstName,
  lastName,
  email: '',
  phone: '',
  customerNumber: null,
});

describe('euro', () => {
  it.each([
    ['123.5', '€123.50'],
    ['123.50', '€123.50'],
    ['0', '€0.00'],
    ['1234.5', '€1,234.50'],
    ['-2.00', '-€2.00'],
    ['', ''],
    ['n/a', 'n/a'],
  ])('%s reads %s', (amount, expected) => {
    expect(euro(amount)).toBe(expected);
  });
});

describe('isPositive', () => {
  it.each([
    ['0.00', false],
    ['0.01', true],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%s: %s', (amount, expected) => {
    expect(isPositive(amount)).toBe(expected);
  });
});

describe('customerName', () => {
  it.each([
    [customer('Anna', 'Tamm'), false, 'Anna Tamm'],
    [customer('Anna', ''), false, 'Anna'],
    // A counter card sale with a first name only stores the stand-in "-": never "Tom -".
    [customer('Tom', '-'), false, 'Tom'],
    [customer('', ''), false, 'Walk-in'],
    [customer('', ''), true, 'Customer erased'],
    [customer('Anna', 'Tamm'), true, 'Customer erased'],
  ])('%o erased %s is %s', (who, customerErased, expected) => {
    expect(customerName({ customer: who, customerErased })).toBe(expected);
  });
});

describe('items', () => {
  const items = [
    { name: 'Smash Burger', quantity: 2 },
    { name: 'Cola', quantity: 1 },
  ];
  it('summarises the lines', () => {
    expect(itemsSummary(items)).toBe('2× Smash Burger, 1× Cola');
    expect(itemsSummary([])).toBe('');
    expect(itemCount(items)).toBe(3);
  });
});

describe('labels', () => {
  it.each([
    ['pickup', 'Pickup'],
    ['delivery', 'Delivery'],
    ['dine-in', 'Dine-in'],
    ['drive-in', 'Drive-in'],
  ])('type %s is %s', (type, expected) => {
    expect(orderTypeLabel(type)).toBe(expected);
  });

  it.each([
    ['website', 'Website'],
    ['web', 'Website'],
    ['pos', 'POS'],
    ['table', 'Table'],
    ['wolt', 'Wolt'],
    ['bolt', 'Bolt Food'],
    ['phone', 'Phone'],
  ])('source %s is %s', (source, expected) => {
    expect(sourceLabel(source)).toBe(expected);
  });
});

describe('status badges, pinned', () => {
  // Written out by hand, not read from order-states.ts or format.ts: changing a label or a
  // colour there must fail here until this table changes on purpose.
  it.each([
    ['pending', 'Pending', 'warning'],
    ['confirmed', 'Confirmed', 'neutral'],
    ['paid', 'Paid', 'neutral'],
    ['preparing', 'Preparing', 'info'],
    ['ready', 'Ready', 'success'],
    ['completed', 'Completed', 'neutral'],
    ['cancelled', 'Cancelled', 'danger'],
    // Not an order status: shown as it came, neutral.
    ['on-hold', 'On-hold', 'neutral'],
  ])('order status %s is "%s" (%s)', (status, label, tone) => {
    expect(orderStatusBadge(status)).toEqual({ label, tone });
  });

  it.each([
    ['pending', 'Pending', 'warning'],
    ['paid', 'Paid', 'success'],
    ['failed', 'Failed', 'danger'],
    ['refunded', 'Refunded', 'neutral'],
    // Not a payment status an order carries: amber, as still to be settled.
    ['cancelled', 'Cancelled', 'warning'],
  ])('payment status %s is "%s" (%s)', (status, label, tone) => {
    expect(paymentStatusBadge(status)).toEqual({ label, tone });
  });
});

describe('formatAddress', () => {
  it.each([
    [null, null],
    [
      { street: 'Telliskivi 60a', city: 'Tallinn', postalCode: '10412' },
      'Telliskivi 60a, 10412 Tallinn',
    ],
    [{ street: 'Telliskivi 60a', city: null, postalCode: null }, 'Telliskivi 60a'],
    [{ street: null, city: 'Tallinn', postalCode: null }, 'Tallinn'],
    [{ street: null, city: null, postalCode: null }, null],
  ])('%o is %s', (address, expected) => {
    expect(formatAddress(address)).toBe(expected);
  });
});

describe('times on the shop clock', () => {
  it.each([
    ['2026-11-21T10:41:00.000Z', 'Europe/Tallinn', '12:41'],
    ['2026-07-01T10:41:00.000Z', 'Europe/Tallinn', '13:41'],
    ['2026-11-21T23:05:00.000Z', 'UTC', '23:05'],
  ])('%s in %s is %s', (iso, zone, expected) => {
    expect(formatTime(iso, zone)).toBe(expected);
  });

  it('writes a date and time', () => {
    expect(formatDateTime('2026-11-21T10:41:00.000Z', 'Europe/Tallinn')).toBe('21 Nov 2026, 12:41');
  });
});

describe('exportUrl', () => {
  it.each([
    [
      'orders',
      '2026-11-01',
      '2026-11-21',
      '/api/admin/export/orders.csv?from=2026-11-01&to=2026-11-21',
    ],
    [
      'order-lines',
      '2026-11-21',
      '2026-11-21',
      '/api/admin/export/order-lines.csv?from=2026-11-21&to=2026-11-21',
    ],
  ] as const)('%s from %s to %s', (kind, from, to, expected) => {
    expect(exportUrl(kind, from, to)).toBe(expected);
  });
});

describe('canMarkPaid', () => {
  const deletion = { deletedAt: '2026-11-21T10:00:00Z', deletedBy: 'Anna', reason: 'test' };
  it.each([
    ['pending', null, true],
    ['failed', null, true],
    ['paid', null, false],
    ['refunded', null, false],
    ['pending', deletion, false],
  ] as const)('%s (deleted: %o): %s', (paymentStatus, deleted, expected) => {
    expect(canMarkPaid({ paymentStatus, deletion: deleted })).toBe(expected);
  });
});
