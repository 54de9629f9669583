/**
 * The kitchen's order card (spec back-office §4, decision 024): every line with its options and
 * notes, in both sizes; the forward step its status allows, handed to the display's queue; a
 * Wolt/Bolt order awaiting accept shows its countdown.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { renderScreen } from '../../../../../tests/setup/render.tsx';
import type { Density } from '../board/board-layout.ts';
import { OrderCard } from './order-card.tsx';

const NOW = new Date('2026-11-27T17:10:00Z');

const ORDER: KitchenOrder = {
  id: '7b0c4d0e-3c1f-4f57-9f35-5f0c7b3f8a11',
  orderNumber: 1042,
  status: 'pending',
  kitchenStatus: 'pending',
  kitchenStartedAt: null,
  kitchenEstimatedTime: null,
  kitchenReadyAt: null,
  kitchenDoneAt: null,
  orderSource: 'website',
  type: 'pickup',
  tableNumber: null,
  customerName: 'Tom',
  takenBy: null,
  specialInstructions: 'Ring at the back',
  total: '26.60',
  createdAt: '2026-11-27T17:06:00Z',
  isTest: false,
  platform: null,
  items: [
    {
      name: 'Classic Smash Burger',
      quantity: 2,
      sauce: 'Truffle Mayo',
      addOns: ['Bacon', 'Crispy Onions'],
      bread: 'Brioche',
      specialInstructions: 'no pickles',
    },
    {
      name: 'Cola 0.5 l',
      quantity: 1,
      sauce: null,
      addOns: [],
      bread: null,
      specialInstructions: null,
    },
  ],
};

function renderCard(order: KitchenOrder, density: Density = 'normal') {
  const onStep = vi.fn();
  const onTouch = vi.fn();
  const view = renderScreen(
    <OrderCard
      order={order}
      now={NOW}
      isNew={false}
      onTouch={onTouch}
      onStep={onStep}
      density={density}
      timeZone="Europe/Tallinn"
    />,
  );
  return { ...view, onStep, onTouch, card: screen.getByRole('article', { name: 'Order #1042' }) };
}

describe('kitchen order card', () => {
  for (const density of ['normal', 'compact'] as const) {
    it(`shows every line with its options and notes (${density})`, () => {
      const { card } = renderCard(ORDER, density);
      const text = card.textContent ?? '';
      for (const expected of [
        '#1042',
        'Classic Smash Burger',
        'Truffle Mayo',
        'Bacon',
        'Crispy Onions',
        'Brioche',
        'no pickles',
        'Cola 0.5 l',
        'Ring at the back',
      ]) {
        expect(text, `${density}: ${expected}`).toContain(expected);
      }
      expect(within(card).getAllByText(/2\s*[x×]|×\s*2/).length).toBeGreaterThan(0);
    });
  }

  it('offers the step its status allows and hands it to the queue', async () => {
    const { user, onStep } = renderCard(ORDER);
    expect(screen.queryByRole('button', { name: /Mark Ready/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Start Order/ }));
    expect(onStep).toHaveBeenCalledTimes(1);
    expect(onStep.mock.calls[0]![0]).toMatchObject({ id: ORDER.id });
    expect(onStep.mock.calls[0]![1]).toMatchObject({ kitchenStatus: 'started' });
  });

  it('a ready order offers Mark Done and nothing before it', () => {
    renderCard({ ...ORDER, kitchenStatus: 'ready', kitchenReadyAt: '2026-11-27T17:09:00Z' });
    expect(screen.getByRole('button', { name: /Mark Done/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Start Order/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark Ready/ })).toBeNull();
  });

  it('a Wolt order awaiting accept counts down to its deadline', () => {
    renderCard({
      ...ORDER,
      orderSource: 'wolt',
      platform: {
        externalNumber: '4711',
        acceptBy: '2026-11-27T17:11:30Z',
        pickupAt: null,
        error: null,
      },
    });
    expect(screen.getByRole('timer').textContent).toMatch(/1:30/);
    expect(screen.getByText('Wolt', { exact: true })).toBeTruthy();
  });

  for (const density of ['normal', 'compact'] as const) {
    it(`a scheduled order names its pickup and start on the shop's clock; an ASAP one neither (${density})`, () => {
      const { card, unmount } = renderCard(
        { ...ORDER, pickupAt: '2026-11-27T18:30:00Z', startAt: '2026-11-27T17:50:00Z' },
        density,
      );
      // Tallinn is UTC+2 in November.
      expect(card.textContent).toContain('Pickup 20:30 · start 19:50');
      unmount();
      const asap = renderCard(
        { ...ORDER, pickupAt: null, startAt: null, quotedMinutes: 20 },
        density,
      );
      expect(asap.card.textContent).not.toContain('Pickup ');
    });
  }
});
