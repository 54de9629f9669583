import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, MapPin, ShoppingBag, Utensils } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field, Input, Textarea } from '#client/components/ui/form-fields.tsx';
import { loadCustomerDraft } from '../customer-draft.ts';
import {
  CARD_WALLET,
  checkoutFormSchema,
  type CheckoutForm,
} from '#shared/checkout/checkout.schema.ts';
import { checkoutEmailHint } from '#shared/settings/settings.schema.ts';
import { useShopInfo } from '#client/lib/shop/shop-queries.ts';

export const CHECKOUT_FORM_ID = 'checkout-form';

type CheckoutFormInput = z.input<typeof checkoutFormSchema>;

const defaultValues: CheckoutFormInput = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  // Fixed for now (spec §3): the customer flow is pickup only and pays by card wallet.
  orderType: 'pickup',
  paymentMethod: CARD_WALLET,
  specialInstructions: '',
};

interface CheckoutFormProps {
  /** Where the truck stands, for the pickup notice. */
  pickupAddress: string | undefined;
  /** A guest ordering from a table's QR code: we serve at the table instead of a pickup. */
  tableNumber?: string | null;
  disabled: boolean;
  onValidSubmit: (values: CheckoutForm) => void;
  /** The pickup time choice (decision 026), under the pickup notice; none for a table. */
  pickupTime?: ReactNode;
}

/**
 * The customer's details, validated by the same schema the server uses (STYLE.md habit 1),
 * on submit and then on every change (spec §5). The submit button sits in the order summary
 * and points at this form by id.
 */
export function CheckoutFormSection({
  pickupAddress,
  tableNumber = null,
  disabled,
  onValidSubmit,
  pickupTime,
}: CheckoutFormProps) {
  // The hint promises a receipt only when the shop sends e-mail (decision 018).
  const shopInfo = useShopInfo();
  // Back from the payment page after Cancel or Decline: the details are still there.
  const [initialValues] = useState(() => ({ ...defaultValues, ...loadCustomerDraft() }));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CheckoutFormInput, unknown, CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: initialValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const ariaFor = (name: keyof CheckoutFormInput) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `checkout-${name}-error` } : {};

  return (
    <form
      id={CHECKOUT_FORM_ID}
      noValidate
      onSubmit={(event) => void handleSubmit(onValidSubmit)(event)}
      className="flex flex-col gap-5"
      aria-label="Your details"
    >
      <input type="hidden" {...register('orderType')} />
      <input type="hidden" {...register('paymentMethod')} />

      {tableNumber ? (
        <div className="flex gap-4 rounded-3xl bg-char-900 p-5 text-white">
          <span
            className="grid size-12 shrink-0 place-items-center rounded-2xl bg-mustard-400 text-char-900"
            aria-hidden
          >
            <Utensils className="size-6" />
          </span>
          <div>
            <h2 className="font-display text-xl uppercase">Table Order</h2>
            <p className="mt-1 text-white/85">
              Stay seated: we bring your order to table {tableNumber} when it's ready.
            </p>
          </div>
        </div>
      ) : (
        <div className="flex gap-4 rounded-3xl bg-char-900 p-5 text-white">
          <span
            className="grid size-12 shrink-0 place-items-center rounded-2xl bg-mustard-400 text-char-900"
            aria-hidden
          >
            <ShoppingBag className="size-6" />
          </span>
          <div>
            <h2 className="font-display text-xl uppercase">Pickup Order</h2>
            <p className="mt-1 text-white/85">
              Collect your order at the truck when it's ready. We don't deliver.
            </p>
            {/* The address loads after the page: its line keeps its room meanwhile, so the
                form under it does not jump when it arrives (no layout shift). */}
            <p className="mt-2 flex min-h-5 items-center gap-1.5 text-sm font-semibold text-mustard-400">
              {pickupAddress && (
                <>
                  <MapPin aria-hidden className="size-4" />
                  {pickupAddress}
                </>
              )}
            </p>
          </div>
        </div>
      )}
      {!tableNumber && pickupTime}

      <fieldset
        disabled={disabled}
        className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-char-900/5 sm:p-6"
      >
        <legend className="float-left mb-1 font-display text-xl uppercase">Your Details</legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          <Field id="checkout-firstName" label="First name" error={errors.firstName?.message}>
            <Input
              id="checkout-firstName"
              autoComplete="given-name"
              {...ariaFor('firstName')}
              {...register('firstName')}
            />
          </Field>
          <Field id="checkout-lastName" label="Last name" error={errors.lastName?.message}>
            <Input
              id="checkout-lastName"
              autoComplete="family-name"
              {...ariaFor('lastName')}
              {...register('lastName')}
            />
          </Field>
        </div>
        <Field
          id="checkout-email"
          label="Email"
          error={errors.email?.message}
          hint={checkoutEmailHint(shopInfo.data?.emailReceipts ?? false)}
        >
          <Input
            id="checkout-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="off"
            spellCheck={false}
            {...ariaFor('email')}
            {...register('email')}
          />
        </Field>
        <Field
          id="checkout-phone"
          label="Phone"
          error={errors.phone?.message}
          hint="We call only if there is a problem with your order."
        >
          <Input
            id="checkout-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            {...ariaFor('phone')}
            {...register('phone')}
          />
        </Field>
        <Field
          id="checkout-specialInstructions"
          label="Special instructions"
          error={errors.specialInstructions?.message}
          hint="Optional. Allergies, extra napkins, anything the kitchen should know."
        >
          <Textarea
            id="checkout-specialInstructions"
            rows={3}
            maxLength={500}
            {...ariaFor('specialInstructions')}
            {...register('specialInstructions')}
          />
        </Field>
      </fieldset>

      <div className="flex gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-char-900/5">
        <span
          className="grid size-12 shrink-0 place-items-center rounded-2xl bg-ember-100 text-ember-700"
          aria-hidden
        >
          <CreditCard className="size-6" />
        </span>
        <div>
          <h2 className="font-display text-xl uppercase">Card Payment</h2>
          <p className="mt-1 text-char-700">
            Pay securely by card on our payment provider's page. You come straight back here
            afterwards.
          </p>
        </div>
      </div>
    </form>
  );
}
