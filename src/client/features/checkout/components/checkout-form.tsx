import { CreditCard, MapPin, ShoppingBag, Utensils } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { CHECKS_NOT_LOADED, Form, FormInput, FormTextarea } from '#client/components/ui/form.tsx';
import { preloadFormResolver } from '#client/components/ui/form-resolver.ts';
import { toast } from '#client/components/ui/toast.tsx';
import { onFirstIntent } from '#client/lib/on-demand.ts';
import { loadCustomerDraft } from '../customer-draft.ts';
import { CARD_WALLET } from '#shared/checkout/card-wallet.ts';
import type { CheckoutForm, checkoutFormSchema } from '#shared/checkout/checkout.schema.ts';
import { checkoutEmailHint } from '#shared/settings/checkout-email-hint.ts';
import { useShopInfo } from '#client/lib/shop/shop-queries.ts';

export const CHECKOUT_FORM_ID = 'checkout-form';

type CheckoutFormInput = z.input<typeof checkoutFormSchema>;

/**
 * The form's schema, loaded at its first validation (Form), or sooner at the customer's first
 * touch: zod is not part of the checkout's first screen (decision 016).
 */
const loadCheckoutFormSchema = () =>
  import('#shared/checkout/checkout.schema.ts').then((module) => module.checkoutFormSchema);

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
  // The checks arrive while the customer types, before the Pay tap that needs them.
  useEffect(
    () =>
      onFirstIntent(() => {
        loadCheckoutFormSchema().catch(() => undefined);
        preloadFormResolver().catch(() => undefined);
      }),
    [],
  );
  return (
    <Form
      schema={loadCheckoutFormSchema}
      defaultValues={initialValues}
      options={{ mode: 'onSubmit', reValidateMode: 'onChange' }}
      onSubmit={(values) => onValidSubmit(values)}
      // Offline at the first Pay: the form's checks could not be fetched (its only refusal:
      // the payment request is sent by the page, not by onSubmit).
      onServerError={() => toast.error('Order Failed', { description: CHECKS_NOT_LOADED })}
      id={CHECKOUT_FORM_ID}
      className="flex flex-col gap-5"
      aria-label="Your details"
    >
      {({ register }) => (
        <>
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
              <FormInput
                name="firstName"
                id="checkout-firstName"
                label="First name"
                autoComplete="given-name"
              />
              <FormInput
                name="lastName"
                id="checkout-lastName"
                label="Last name"
                autoComplete="family-name"
              />
            </div>
            <FormInput
              name="email"
              id="checkout-email"
              label="Email"
              hint={checkoutEmailHint(shopInfo.data?.emailReceipts ?? false)}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="off"
              spellCheck={false}
            />
            <FormInput
              name="phone"
              id="checkout-phone"
              label="Phone"
              hint="We call only if there is a problem with your order."
              type="tel"
              inputMode="tel"
              autoComplete="tel"
            />
            <FormTextarea
              name="specialInstructions"
              id="checkout-specialInstructions"
              label="Special instructions"
              hint="Optional. Allergies, extra napkins, anything the kitchen should know."
              rows={3}
              maxLength={500}
            />
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
        </>
      )}
    </Form>
  );
}
