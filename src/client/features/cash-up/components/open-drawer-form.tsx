import { Banknote } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { Form, FormField, SubmitButton, type FormProps } from '#client/components/ui/form.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { openDrawerRequestSchema } from '#shared/cash-drawer/cash-drawer.schema.ts';
import { centsToDecimalString, formatEuroCents } from '#shared/money.ts';
import { useOpenDrawer } from '../api/cash-drawer-queries.ts';
import { MoneyInput } from './money-input.tsx';

type Input = z.input<typeof openDrawerRequestSchema>;

/**
 * The float form's Form settings and its submit, for /cash-up and the counter's "open the
 * drawer first" (decision 012): opens the drawer, says so, then `onOpened`.
 * `openedMeanwhileIsFine`: a drawer someone else opened a moment ago serves as well (the
 * counter's sale goes into it). The form holds a `FloatField`.
 */
export function useOpenDrawerForm({
  onOpened,
  openedMeanwhileIsFine = false,
}: { onOpened?: () => void; openedMeanwhileIsFine?: boolean } = {}) {
  const openDrawer = useOpenDrawer();
  const formProps = {
    schema: openDrawerRequestSchema,
    defaultValues: { float: '' },
    onSubmit: async ({ float }) => {
      await openDrawer.mutateAsync({ float: centsToDecimalString(float) });
      toast.success('Drawer opened', { description: `Float ${formatEuroCents(float)}.` });
      onOpened?.();
    },
    onServerError: (error) => {
      if (openedMeanwhileIsFine && errorMessage(error).includes('already open')) {
        onOpened?.();
        return;
      }
      toast.error('Could not open the drawer', { description: errorMessage(error) });
    },
  } satisfies Omit<FormProps<typeof openDrawerRequestSchema>, 'children'>;
  return { formProps, isPending: openDrawer.isPending };
}

/** The float, in euro, inside the Form of `useOpenDrawerForm`. */
export function FloatField(props: { id: string; hint: string; autoFocus?: boolean }) {
  const { register } = useFormContext<Input>();
  return (
    <FormField name="float" id={props.id} label="Float (€)" hint={props.hint}>
      {(aria) => (
        <MoneyInput id={props.id} autoFocus={props.autoFocus} {...aria} {...register('float')} />
      )}
    </FormField>
  );
}

/** No drawer is open: count the float and open one. */
export function OpenDrawerForm() {
  const { formProps, isPending } = useOpenDrawerForm();
  return (
    <section
      aria-labelledby="open-drawer-heading"
      className="mx-auto w-full max-w-md rounded-3xl bg-white p-6 shadow-sm ring-1 ring-char-900/10"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-12 place-items-center rounded-full bg-ember-100 text-ember-700">
          <Banknote aria-hidden className="size-6" />
        </span>
        <div>
          <h2 id="open-drawer-heading" className="font-display text-2xl">
            Open the drawer
          </h2>
          <p className="text-sm text-char-700">No drawer is open. Count the float to start.</p>
        </div>
      </div>
      <Form {...formProps} className="mt-5 flex flex-col gap-4">
        <FloatField id="drawer-float" hint="The cash in the drawer before the first sale." />
        <SubmitButton size="lg">{isPending ? 'Opening…' : 'Open drawer'}</SubmitButton>
      </Form>
    </section>
  );
}
