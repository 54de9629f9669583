/**
 * The receipt's pickup time (decision 026), on the shop's clock: a slot, a slot on another day
 * (a pre-order), the time an as-soon-as-possible quote gives, and nothing for a counter sale.
 */
import { describe, expect, it } from 'vitest';
import { readyTimeOf, receiptEmail, type EmailOrder } from './email-content.ts';

const TALLINN = 'Europe/Tallinn';
const order = (overrides: Partial<EmailOrder>): EmailOrder => ({
  orderNumber: 1042,
  customerFirstName: 'Ann',
  type: 'pickup',
  tableNumber: null,
  subtotalCents: 1090,
  discountCents: 0,
  deliveryFeeCents: 0,
  totalCents: 1090,
  specialInstructions: null,
  isTest: false,
  // 12:22 on Friday 27 November in Tallinn (UTC+2).
  createdAt: new Date('2026-11-27T10:22:00.000Z'),
  ...overrides,
});

describe('the receipt says when the order will be ready', () => {
  it.each([
    [{ pickupAt: new Date('2026-11-27T12:30:00.000Z') }, 'Pickup at 14:30'],
    [{ pickupAt: new Date('2026-11-29T07:15:00.000Z') }, 'Pickup on Sun 29 Nov at 09:15'],
    // Paid at 23:50 on Friday for 00:15: Saturday on the shop's clock, though the same UTC day.
    [
      {
        createdAt: new Date('2026-11-27T21:50:00.000Z'),
        pickupAt: new Date('2026-11-27T22:15:00.000Z'),
      },
      'Pickup on Sat 28 Nov at 00:15',
    ],
    [{ quotedMinutes: 25 }, 'Ready around 12:47'],
    [{ quotedMinutes: 25, type: 'dine-in', tableNumber: '4' }, 'At your table around 12:47'],
    [{}, null],
  ] as const)('%j: %s', (overrides, expected) => {
    expect(readyTimeOf(order(overrides), TALLINN)).toBe(expected);
  });

  it('in the text under the payment time, and in the HTML', () => {
    const mail = receiptEmail({
      shop: { name: 'Smoke & Bun', address: 'Telliskivi 60a', phone: '' },
      order: order({ pickupAt: new Date('2026-11-29T07:15:00.000Z') }),
      lines: [],
      confirmationUrl: 'http://shop.test/order-confirmation/1',
      timeZone: TALLINN,
    });
    expect(mail.text.split('\n').slice(4, 7)).toEqual([
      'Order #1042',
      'Paid 27 November 2026 at 12:22',
      'Pickup on Sun 29 Nov at 09:15',
    ]);
    expect(mail.html).toContain('<strong>Pickup on Sun 29 Nov at 09:15</strong>');
  });
});
