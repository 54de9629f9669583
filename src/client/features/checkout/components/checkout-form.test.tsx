/**
 * The checkout form (spec customer-site §5): the shared schema's messages on submit, then on
 * every change; the customer's details reach the page trimmed; the e-mail hint follows the
 * shop's e-mail setting read from the API.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../../../tests/setup/fake-fetch.ts';
import { renderScreen } from '../../../../../tests/setup/render.tsx';
import { CHECKOUT_FORM_ID, CheckoutFormSection } from './checkout-form.tsx';

function renderForm({ emailReceipts = false, table = null as string | null } = {}) {
  const requests = fakeApi({ 'GET /api/shop-info': { emailReceipts } });
  const onValidSubmit = vi.fn();
  const view = renderScreen(
    <>
      <CheckoutFormSection
        pickupAddress="Telliskivi 60a, Tallinn"
        tableNumber={table}
        disabled={false}
        onValidSubmit={onValidSubmit}
      />
      {/* The page's button sits in the order summary and points at the form by id. */}
      <button type="submit" form={CHECKOUT_FORM_ID}>
        Place Order
      </button>
    </>,
  );
  return { ...view, onValidSubmit, requests };
}

describe('checkout form', () => {
  it('names every missing field on submit and sends nothing', async () => {
    const { user, onValidSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Valid email is required')).toBeTruthy();
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    expect(onValidSubmit).not.toHaveBeenCalled();
  });

  it('clears a message as soon as the field is right, and sends the details trimmed', async () => {
    const { user, onValidSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('First name is required');

    await user.type(screen.getByLabelText('First name'), '  Ann ');
    await waitFor(() => expect(screen.queryByText('First name is required')).toBeNull());
    await user.type(screen.getByLabelText('Last name'), 'Smith');
    await user.type(screen.getByLabelText('Email'), 'ann@example');
    await user.type(screen.getByLabelText('Phone'), '+372 5550 0000');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Valid email is required')).toBeTruthy();
    expect(onValidSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), '.com');
    await user.type(screen.getByLabelText(/Special instructions/), ' no onions ');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(onValidSubmit).toHaveBeenCalledTimes(1));
    expect(onValidSubmit.mock.calls[0]![0]).toMatchObject({
      firstName: 'Ann',
      lastName: 'Smith',
      email: 'ann@example.com',
      phone: '+372 5550 0000',
      specialInstructions: 'no onions',
      orderType: 'pickup',
    });
  });

  it('promises a receipt by e-mail only when the shop sends e-mail', async () => {
    renderForm({ emailReceipts: true });
    expect(await screen.findByText('For your receipt and order updates.')).toBeTruthy();
  });

  it('asks for the e-mail only to reach the customer when the shop sends none', async () => {
    const { requests } = renderForm({ emailReceipts: false });
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/api/shop-info'));
    expect(await screen.findByText('So we can reach you about your order.')).toBeTruthy();
    expect(screen.queryByText('For your receipt and order updates.')).toBeNull();
  });

  it('tells a table guest the order comes to their table, not to pick it up', () => {
    renderForm({ table: '7' });
    expect(screen.getByText(/we bring your order to table 7/)).toBeTruthy();
    expect(screen.queryByText('Pickup Order')).toBeNull();
  });
});
