import { zodResolver } from '@hookform/resolvers/zod';
import { Banknote } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-fields.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { openDrawerRequestSchema } from '#shared/cash-drawer/cash-drawer.schema.ts';
import { centsToDecimalString, formatEuroCents } from '#shared/money.ts';
import { useOpenDrawer } from '../api/cash-drawer-queries.ts';
import { MoneyInput } from './money-input.tsx';

type Input = z.input<typeof openDrawerRequestSchema>;
type Output = z.output<typeof openDrawerRequestSchema>;

/**
 * The float form's state and its submit, for /cash-up and the counter's "open the drawer
 * first" (decision 012): opens the drawer, says so, then `onOpened`. `openedMeanwhileIsFine`:
 * a drawer someone else opened a moment ago serves as well (the counter's sale goes into it).
 */
export function useOpenDrawerForm({
  onOpened,
  openedMeanwhileIsFine = false,
}: { onOpened?: () => void; openedMeanwhileIsFine?: boolean } = {}) {
  const openDrawer = useOpenDrawer();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(openDrawerRequestSchema),
    defaultValues: { float: '' },
  });
  const submit = ({ float }: Output) =>
    openDrawer.mutate(
      { float: centsToDecimalString(float) },
      {
        onSuccess: () => {
          toast.success('Drawer opened', { description: `Float ${formatEuroCents(float)}.` });
          onOpened?.();
        },
        onError: (error) => {
          if (openedMeanwhileIsFine && errorMessage(error).includes('already open')) {
            onOpened?.();
            return;
          }
          toast.error('Could not open the drawer', { description: errorMessage(error) });
        },
      },
    );
  return {
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => void form.handleSubmit(submit)(event),
    isPending: openDrawer.isPending,
    floatField: (props: { id: string; hint: string; autoFocus?: boolean }) => (
      <Field
        id={props.id}
        label="Float (€)"
        error={form.formState.errors.float?.message}
        hint={props.hint}
      >
        <MoneyInput
          id={props.id}
          autoFocus={props.autoFocus}
          aria-invalid={Boolean(form.formState.errors.float)}
          aria-describedby={form.formState.errors.float ? `${props.id}-error` : undefined}
          {...form.register('float')}
        />
      </Field>
    ),
  };
}

/** No drawer is open: count the float and open one. */
export function OpenDrawerForm() {
  const { onSubmit, isPending, floatField } = useOpenDrawerForm();
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
      <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4">
        {floatField({ id: 'drawer-float', hint: 'The cash in the drawer before the first sale.' })}
        <Button type="submit" size="lg" disabled={isPending}>
          {isPending ? 'Opening…' : 'Open drawer'}
        </Button>
      </form>
    </section>
  );
}
