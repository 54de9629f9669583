/**
 * The counter's sale panel (spec back-office §5 "POS"): the total after each line's discount,
 * the change (received minus total, never below 0), the shortfall message while the cash is
 * short, and what Create Order and Pay exact cash hand to the page.
 */
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../../../tests/setup/render.tsx';
import type { PosCartLine, PosLineDiscount } from '../pos-cart.ts';
import { EMPTY_CUSTOMER, usePosSale } from '../pos-store.ts';
import { SalePanel } from './sale-panel.tsx';

const TEN_OFF: PosLineDiscount = {
  id: 'ten-off',
  name: 'Ten off',
  type: 'percentage',
  value: 10,
  minOrderAmountCents: 0,
};
/** 50.00 € off: more than any line here. */
const BIG_FIXED: PosLineDiscount = {
  id: 'big',
  name: 'Staff meal',
  type: 'fixed_amount',
  value: 5000,
  minOrderAmountCents: 0,
};

const line = (
  id: string,
  unitCents: number,
  quantity = 1,
  discount: PosLineDiscount | null = null,
): PosCartLine => ({
  id,
  menuItemId: id,
  name: id,
  unitCents,
  quantity,
  bread: null,
  sauce: null,
  addOns: [],
  note: '',
  discount,
});

function Harness({ onPayCash }: { onPayCash: (cents: number | null) => void }) {
  const [cashText, setCashText] = useState('');
  return (
    <SalePanel
      variant="staff"
      twoColumns
      discounts={[TEN_OFF, BIG_FIXED]}
      cashText={cashText}
      onCashText={setCashText}
      busy={null}
      onPayCash={onPayCash}
      onPayCard={() => undefined}
    />
  );
}

function renderSale(lines: PosCartLine[]) {
  usePosSale.setState({ lines, paymentMethod: 'cash', customer: EMPTY_CUSTOMER });
  const onPayCash = vi.fn();
  return { ...renderScreen(<Harness onPayCash={onPayCash} />), onPayCash };
}

const total = () => screen.getByTestId('sale-total').textContent;
const change = () => screen.getByTestId('change').textContent;
const received = () => screen.getByLabelText('Amount received');
/** The message read out with the amount field (its aria-describedby). */
const cashStatus = () =>
  document.getElementById(received().getAttribute('aria-describedby') ?? '')?.textContent;

beforeEach(() => usePosSale.setState({ lines: [] }));

describe('sale panel', () => {
  it('gives change from the cash received, and says how much is missing while short', async () => {
    // 2 × 10.90 + 2.90 = 24.70
    const { user } = renderSale([line('burger', 1090, 2), line('cola', 290)]);
    expect(total()).toBe('€24.70');
    await user.type(received(), '30');
    expect(change()).toBe('€5.30');
    expect(cashStatus()).toBe('');

    await user.clear(received());
    await user.type(received(), '20');
    expect(change()).toBe('€0.00');
    expect(cashStatus()).toBe('Insufficient amount - Need €4.70 more');
    expect(received().getAttribute('aria-invalid')).toBe('true');

    await user.clear(received());
    await user.type(received(), 'lots');
    expect(cashStatus()).toBe('Enter an amount like 20 or 13.50');
  });

  it('takes the line discount off the total and shows it', () => {
    renderSale([line('burger', 1090, 1, TEN_OFF), line('cola', 290)]);
    // 10.90 − 1.09 + 2.90
    expect(total()).toBe('€12.71');
    const totals = screen.getByText('Discounts').closest('dl')!;
    expect(within(totals).getByText('−€1.09')).toBeTruthy();
    expect(within(totals).getByText('€13.80')).toBeTruthy();
  });

  it('never takes more off a line than the line costs', () => {
    renderSale([line('burger', 1090, 1, BIG_FIXED), line('cola', 290)]);
    // The burger is free, the cola is not: 2.90, not 2.90 − 50.00 + 10.90.
    expect(total()).toBe('€2.90');
  });

  it('hands the cash received, or the exact total, to the page', async () => {
    const { user, onPayCash } = renderSale([line('burger', 1090)]);
    await user.click(screen.getByRole('button', { name: 'Pay exact cash €10.90' }));
    expect(onPayCash).toHaveBeenLastCalledWith(1090);
    await user.type(received(), '20.50');
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    expect(onPayCash).toHaveBeenLastCalledWith(2050);
    await user.clear(received());
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    // Nothing typed: the page asks for the amount (spec: cash needs the amount received).
    expect(onPayCash).toHaveBeenLastCalledWith(null);
  });
});
