import { describe, expect, it } from 'vitest';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import type { Order } from '#shared/orders/order.schema.ts';
import { formatReceiptTime, receiptFromOrder, ticketFromKitchenOrder } from './receipt-model.ts';

const order: Order = {
  id: '00000000-0000-4000-8000-000000000001',
  orderNumber: 1042,
  status: 'pending',
  type: 'pickup',
  orderSource: 'pos',
  paymentMethod: 'viva-wallet',
  paymentStatus: 'paid',
  kitchenStatus: 'pending',
  kitchenEstimatedTime: null,
  subtotal: '14.80',
  deliveryFee: '0.00',
  total: '13.61',
  customer: { firstName: '', lastName: '', email: '', phone: '', customerNumber: null },
  deliveryAddress: null,
  specialInstructions: null,
  items: [
    {
      id: '00000000-0000-4000-8000-000000000002',
      menuItemId: 'classic-smash-burger',
      name: 'Classic Smash Burger',
      quantity: 1,
      price: '11.90',
      basePrice: '10.90',
      // 10 % off
      totalPrice: '10.71',
      discount: { name: 'Student 10%', amount: '1.19' },
      bread: null,
      addOns: [{ name: 'Extra Cheese', price: '1.00' }],
      customizations: {
        sauce: 'Spicy BBQ',
        addOns: ['Extra Cheese'],
        specialInstructions: 'Bread: Brioche Bun',
      },
    },
    {
      id: '00000000-0000-4000-8000-000000000003',
      menuItemId: 'cola',
      name: 'Cola 0.5 l',
      quantity: 1,
      price: '2.90',
      basePrice: '2.90',
      totalPrice: '2.90',
      bread: null,
      addOns: [],
      customizations: { sauce: null, addOns: [], specialInstructions: null },
    },
  ],
  createdAt: '2026-06-12T15:05:00.000Z',
  isTest: true,
  vat: [{ rate: 13, net: '12.04', vat: '1.57', gross: '13.61' }],
};

describe('receiptFromOrder', () => {
  it('lines with options, the line discount from the stored totals, card payment', () => {
    const receipt = receiptFromOrder(order);
    expect(receipt.orderNumber).toBe(1042);
    expect(receipt.paymentMethod).toBe('card');
    expect(receipt.lines[0]).toEqual({
      quantity: 1,
      name: 'Classic Smash Burger',
      options: ['Spicy BBQ', '+ Extra Cheese'],
      note: 'Bread: Brioche Bun',
      subtotalCents: 1190,
      // Named as the cash receipt names it, not a bare "Discount".
      discount: { name: 'Student 10%', amountCents: 119 },
      totalCents: 1071,
    });
    expect(receipt.lines[1]!.discount).toBeNull();
    expect(receipt.subtotalCents).toBe(1480);
    expect(receipt.discountCents).toBe(119);
    expect(receipt.totalCents).toBe(1361);
    expect(receipt.cashReceivedCents).toBeNull();
    expect(receipt.vat).toEqual([{ rate: 13, net: '12.04', vat: '1.57', gross: '13.61' }]);
  });

  it('a cash order says cash', () => {
    expect(receiptFromOrder({ ...order, paymentMethod: 'cash' }).paymentMethod).toBe('cash');
  });
});

describe('ticketFromKitchenOrder', () => {
  it('keeps what the kitchen needs and no prices', () => {
    const kitchenOrder: KitchenOrder = {
      id: order.id,
      orderNumber: 7,
      status: 'pending',
      kitchenStatus: 'pending',
      kitchenStartedAt: null,
      kitchenEstimatedTime: null,
      kitchenReadyAt: null,
      kitchenDoneAt: null,
      orderSource: 'table',
      type: 'dine-in',
      tableNumber: '4',
      customerName: 'Mari',
      specialInstructions: 'Allergic to nuts',
      total: '9.00',
      createdAt: order.createdAt,
      isTest: false,
      items: [
        {
          name: 'Classic Smash Burger',
          quantity: 2,
          sauce: 'Spicy BBQ',
          addOns: ['Bacon'],
          bread: 'Potato Bun',
          specialInstructions: 'No pickles',
        },
      ],
    };
    const ticket = ticketFromKitchenOrder(kitchenOrder);
    expect(ticket).toEqual({
      orderNumber: 7,
      type: 'dine-in',
      tableNumber: '4',
      customerName: 'Mari',
      createdAt: order.createdAt,
      lines: [
        {
          quantity: 2,
          name: 'Classic Smash Burger',
          options: ['Potato Bun', 'Spicy BBQ', '+ Bacon'],
          note: 'No pickles',
        },
      ],
      specialInstructions: 'Allergic to nuts',
    });
    expect(JSON.stringify(ticket)).not.toContain('9.00');
  });
});

describe('formatReceiptTime', () => {
  it('in the shop time zone', () => {
    expect(formatReceiptTime('2026-06-12T15:05:00.000Z', 'Europe/Tallinn')).toBe(
      '12 Jun 2026, 18:05',
    );
    expect(formatReceiptTime('nonsense')).toBe('--:--');
  });
});
