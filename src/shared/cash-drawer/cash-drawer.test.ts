/**
 * The cash-up arithmetic on figures worked out by hand (written as literals, never computed
 * by the code under test).
 */
import { describe, expect, it } from 'vitest';
import {
  cashDifferenceCents,
  cashFigures,
  cashOfSale,
  changeDueCents,
  reportTotals,
  type ReportItemRow,
  type ReportOrderRow,
} from './cash-drawer.ts';

describe('cashFigures', () => {
  it('float + cash received − change given + pay-ins − pay-outs', () => {
    // Float 100.00. Sales: 12.40 paid with 20.00 (7.60 back), 8.50 paid with 10.00 (1.50
    // back), 24.80 paid exactly with nothing recorded. Pay-in 20.00, pay-out 15.50.
    // Received 20.00 + 10.00 + 24.80 = 54.80; change 7.60 + 1.50 = 9.10;
    // expected 100.00 + 54.80 − 9.10 + 20.00 − 15.50 = 150.20.
    const figures = cashFigures(
      10000,
      [
        { totalCents: 1240, cashReceivedCents: 2000, changeCents: 760 },
        { totalCents: 850, cashReceivedCents: 1000, changeCents: 150 },
        { totalCents: 2480, cashReceivedCents: null, changeCents: null },
      ],
      [
        { kind: 'pay-in', amountCents: 2000 },
        { kind: 'pay-out', amountCents: 1550 },
      ],
    );
    expect(figures).toEqual({
      floatCents: 10000,
      cashSalesCount: 3,
      cashSalesCents: 5480,
      changeGivenCents: 910,
      payInsCents: 2000,
      payOutsCents: 1550,
      expectedCents: 15020,
    });
  });

  it('is the float alone on a day with nothing', () => {
    expect(cashFigures(5000, [], []).expectedCents).toBe(5000);
  });

  it('can expect less than the float when more went out than came in', () => {
    // 50.00 − 60.00 paid out = −10.00: the drawer cannot hold that, and the count will say so.
    expect(cashFigures(5000, [], [{ kind: 'pay-out', amountCents: 6000 }]).expectedCents).toBe(
      -1000,
    );
  });
});

describe('cashOfSale', () => {
  it('takes a sale without a recorded amount as paid exactly', () => {
    expect(cashOfSale({ totalCents: 1090, cashReceivedCents: null, changeCents: null })).toEqual({
      receivedCents: 1090,
      changeCents: 0,
    });
  });

  it('works the change out when only the cash received was recorded', () => {
    expect(cashOfSale({ totalCents: 1090, cashReceivedCents: 2000, changeCents: null })).toEqual({
      receivedCents: 2000,
      changeCents: 910,
    });
  });
});

describe('changeDueCents and cashDifferenceCents', () => {
  it('gives change above the total, never below 0', () => {
    expect(changeDueCents(2480, 3000)).toBe(520);
    expect(changeDueCents(2480, 2480)).toBe(0);
    expect(changeDueCents(2480, 2000)).toBe(0);
  });

  it('is counted minus expected: short is negative, over is positive', () => {
    expect(cashDifferenceCents(14970, 15020)).toBe(-50);
    expect(cashDifferenceCents(15020, 15020)).toBe(0);
    expect(cashDifferenceCents(15100, 15020)).toBe(80);
  });
});

describe('reportTotals', () => {
  const orders: ReportOrderRow[] = [
    { paymentMethod: 'cash', orderSource: 'pos', totalCents: 1240, discountCents: 0 },
    { paymentMethod: 'viva-wallet', orderSource: 'website', totalCents: 2180, discountCents: 0 },
    { paymentMethod: 'cash', orderSource: 'pos', totalCents: 850, discountCents: 150 },
    { paymentMethod: 'platform', orderSource: 'wolt', totalCents: 2700, discountCents: 0 },
  ];
  const items: ReportItemRow[] = [
    { name: 'Burger', quantity: 1, totalPriceCents: 1240 },
    { name: 'Fries', quantity: 2, totalPriceCents: 900 },
    { name: 'Burger', quantity: 1, totalPriceCents: 1090 },
    { name: 'Cola', quantity: 1, totalPriceCents: 350 },
    { name: 'Burger', quantity: 2, totalPriceCents: 2180 },
  ];

  it('counts orders, sales and discounts', () => {
    // 12.40 + 21.80 + 8.50 + 27.00 = 69.70; one discount of 1.50.
    const totals = reportTotals(orders, items);
    expect(totals.orderCount).toBe(4);
    expect(totals.salesCents).toBe(6970);
    expect(totals.discountsCents).toBe(150);
  });

  it('lists every payment method and source, with zeros, in a fixed order', () => {
    const totals = reportTotals(orders, items);
    expect(totals.byPaymentMethod).toEqual([
      { key: 'viva-wallet', orders: 1, totalCents: 2180 },
      { key: 'cash', orders: 2, totalCents: 2090 },
      { key: 'platform', orders: 1, totalCents: 2700 },
    ]);
    expect(totals.bySource).toEqual([
      { key: 'website', orders: 1, totalCents: 2180 },
      { key: 'pos', orders: 2, totalCents: 2090 },
      { key: 'table', orders: 0, totalCents: 0 },
      { key: 'wolt', orders: 1, totalCents: 2700 },
      { key: 'bolt', orders: 0, totalCents: 0 },
    ]);
  });

  it('keeps a method it does not know at the end rather than losing its money', () => {
    const totals = reportTotals(
      [{ paymentMethod: 'voucher', orderSource: 'pos', totalCents: 500, discountCents: 0 }],
      [],
    );
    expect(totals.byPaymentMethod.at(-1)).toEqual({ key: 'voucher', orders: 1, totalCents: 500 });
  });

  it('groups the items sold by name, most sold first', () => {
    // Burger 1 + 1 + 2 = 4 for 12.40 + 10.90 + 21.80 = 45.10.
    const totals = reportTotals(orders, items);
    expect(totals.items).toEqual([
      { name: 'Burger', quantity: 4, revenueCents: 4510 },
      { name: 'Fries', quantity: 2, revenueCents: 900 },
      { name: 'Cola', quantity: 1, revenueCents: 350 },
    ]);
    expect(totals.itemCount).toBe(7);
  });

  it('is all zeros on a day with no orders', () => {
    const totals = reportTotals([], []);
    expect(totals).toMatchObject({ orderCount: 0, salesCents: 0, discountsCents: 0, items: [] });
    expect(totals.byPaymentMethod.every((group) => group.orders === 0)).toBe(true);
  });
});
