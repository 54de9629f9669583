/**
 * The Form wrapper: the shared schema's message shows at its field and is tied to the input;
 * nothing is sent while the values are invalid or while a submit is in flight; a refused save's
 * field message (`{ error, fields }`) shows at its field. A schema given as a loader (the
 * checkout's) is loaded at the first validation; a failed load sends nothing and says so.
 */
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '#client/lib/api-client.ts';
import { renderScreen } from '../../../../tests/setup/render.tsx';
import {
  CHECKS_NOT_LOADED,
  Form,
  FormAlert,
  FormInput,
  SubmitButton,
  type FormProps,
} from './form.tsx';

/** The text of the elements that describe a control (aria-describedby). */
const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().email('Enter a valid e-mail'),
});

/** The contact form over `schema` (or its loader), with a FormAlert when asked. */
function contactForm(
  props: Pick<FormProps<typeof schema>, 'schema' | 'onSubmit' | 'onServerError'>,
  withAlert = false,
) {
  return (
    <Form {...props} defaultValues={{ name: '', email: '' }} aria-label="Contact">
      {withAlert && <FormAlert />}
      <FormInput name="name" id="contact-name" label="Name" />
      <FormInput name="email" id="contact-email" label="E-mail" />
      <SubmitButton>Save</SubmitButton>
    </Form>
  );
}

function renderForm(onSubmit: (values: z.output<typeof schema>) => unknown) {
  const onServerError = vi.fn();
  const view = renderScreen(contactForm({ schema, onSubmit, onServerError }));
  return { ...view, onServerError };
}

describe('Form', () => {
  it('shows a field error tied to its input and does not submit invalid values', async () => {
    const onSubmit = vi.fn();
    const { user } = renderForm(onSubmit);
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByLabelText('Name');
    expect((await screen.findByText('Name is required')).id).toBe('contact-name-error');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(description(name)).toBe('Name is required');
    expect(description(screen.getByLabelText('E-mail'))).toBe('Enter a valid e-mail');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the parsed values once, with the button disabled while in flight', async () => {
    let settle: () => void = () => {};
    const onSubmit = vi.fn(
      (_values: z.output<typeof schema>) => new Promise<void>((resolve) => (settle = resolve)),
    );
    const { user } = renderForm(onSubmit);
    await user.type(screen.getByLabelText('Name'), '  Ann ');
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saveButton().disabled).toBe(true));
    await user.type(screen.getByLabelText('E-mail'), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Ann', email: 'ann@example.com' });

    settle();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
  });

  it("shows a refused save's field message at its field", async () => {
    const refusal = new ApiError(
      400,
      JSON.stringify({ error: 'Check the fields', fields: { email: 'That e-mail is taken' } }),
    );
    const { user, onServerError } = renderForm(() => Promise.reject(refusal));
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(description(email)).toBe('That e-mail is taken'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Name').hasAttribute('aria-invalid')).toBe(false);
    expect(onServerError.mock.calls[0]?.[0]).toBe(refusal);
  });

  it('loads a schema given as a loader at the first check; a failed load sends nothing, says so, and is tried again', async () => {
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(schema);
    const onSubmit = vi.fn();
    const onServerError = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderScreen(contactForm({ schema: load, onSubmit, onServerError }, true));
    expect(load).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.click(saveButton());

    expect((await screen.findByRole('alert')).textContent).toBe(CHECKS_NOT_LOADED);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    // Where each form shows a refused save (a toast): said there too.
    expect(onServerError).toHaveBeenCalledTimes(1);
    expect((onServerError.mock.calls[0]?.[0] as Error).message).toBe(CHECKS_NOT_LOADED);

    await user.click(saveButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Ann', email: 'ann@example.com' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
    warn.mockRestore();
  });

  it('checks with the schema it is given now, when that changes (a login form that gains a username)', async () => {
    const onSubmit = vi.fn();
    const longer = z.object({
      name: z.string().trim().min(3, 'Name is too short'),
      email: z.string().trim().email('Enter a valid e-mail'),
    });
    function Switching() {
      const [current, setCurrent] = useState(schema);
      return (
        <>
          <button type="button" onClick={() => setCurrent(longer)}>
            Ask for a longer name
          </button>
          {contactForm({ schema: current, onSubmit })}
        </>
      );
    }
    const { user } = renderScreen(<Switching />);
    await user.click(screen.getByRole('button', { name: 'Ask for a longer name' }));
    await user.type(screen.getByLabelText('Name'), 'Al');
    await user.type(screen.getByLabelText('E-mail'), 'al@example.com');
    await user.click(saveButton());

    expect(await screen.findByText('Name is too short')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
