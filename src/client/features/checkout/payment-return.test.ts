import { describe, expect, it } from 'vitest';
import { paidOrderFrom, paymentReturnNotice } from './payment-return.ts';

describe('the payment return (spec customer-site §4), pinned', () => {
  // Written out by hand: the toast each return shows, and whether it empties the cart.
  it.each([
    ['success', 'success', 'Payment Successful', 'Thank you! We have received your order.', true],
    [
      'cancelled',
      'default',
      'Payment Cancelled',
      'Your payment was cancelled. Your cart has been preserved.',
      false,
    ],
    [
      'expired',
      'error',
      'Payment Time Ran Out',
      'Your payment time ran out. Please place your order again.',
      false,
    ],
    [
      'failed',
      'error',
      'Payment Failed',
      'There was an issue processing your payment. Please try again.',
      false,
    ],
    [
      'error',
      'error',
      'Payment Failed',
      'There was an issue processing your payment. Please try again.',
      false,
    ],
  ] as const)('?payment=%s: a %s toast "%s"', (payment, kind, title, description, clearsCart) => {
    expect(paymentReturnNotice(payment)).toEqual({ kind, title, description, clearsCart });
  });

  it.each([null, '', 'SUCCESS', 'paid', 'toString'])('ignores ?payment=%j', (payment) => {
    expect(paymentReturnNotice(payment)).toBeNull();
  });

  it('reads the paid order only from a successful return', () => {
    expect(paidOrderFrom(new URLSearchParams('payment=success&orderId=abc'))).toEqual({
      orderId: 'abc',
    });
    expect(paidOrderFrom(new URLSearchParams('payment=success&orderId='))).toEqual({
      orderId: null,
    });
    expect(paidOrderFrom(new URLSearchParams('payment=success'))).toEqual({ orderId: null });
    expect(paidOrderFrom(new URLSearchParams('payment=cancelled&orderId=abc'))).toBeNull();
  });
});
