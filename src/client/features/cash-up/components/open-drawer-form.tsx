import { zodResolver } from '@hookform/resolvers/zod';
import { Banknote } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/form-fields.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { openDrawerRequestSchema } from '#shared/cash-drawer/cash-drawer.schema.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { useOpenDrawer } from '../api/cash-drawer-queries.ts';
import { euro } from './money.ts';
import { MoneyInput } from './money-input.tsx';

type Input = z.input<typeof openDrawerRequestSchema>;
type Output = z.output<typeof openDrawerRequestSchema>;

/** No drawer is open: count the float and open one. */
export function OpenDrawerForm() {
  const openDrawer = useOpenDrawer();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(openDrawerRequestSchema),
    defaultValues: { float: '' },
  });

  const submit = ({ float }: Output) =>
    openDrawer.mutate(
      { float: centsToDecimalString(float) },
      {
        onSuccess: (session) =>
          toast.success('Drawer opened', { description: `Float ${euro(session.float)}.` }),
        onError: (error) =>
          toast.error('Could not open the drawer', { description: errorMessage(error) }),
      },
    );

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
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(submit)(event)}
        className="mt-5 flex flex-col gap-4"
      >
        <Field
          id="drawer-float"
          label="Float (€)"
          error={errors.float?.message}
          hint="The cash in the drawer before the first sale."
        >
          <MoneyInput
            id="drawer-float"
            aria-invalid={Boolean(errors.float)}
            aria-describedby={errors.float ? 'drawer-float-error' : undefined}
            {...register('float')}
          />
        </Field>
        <Button type="submit" size="lg" disabled={openDrawer.isPending}>
          {openDrawer.isPending ? 'Opening…' : 'Open drawer'}
        </Button>
      </form>
    </section>
  );
}
