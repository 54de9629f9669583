import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  PLATFORM_NAMES,
  REJECT_REASONS,
  WOLT_REJECT_CODES,
  platformRejectSchema,
  type Platform,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { errorMessages, Form } from '#client/components/ui/form.tsx';
import { parsedBy } from '#client/components/ui/parsed-by.ts';
import { cn } from '#client/lib/utils.ts';
import { platformErrorMessage, useRejectPlatformOrder } from '../api/reject-platform-order.ts';

type RejectCode = (typeof WOLT_REJECT_CODES)[number];

interface RejectOrderDialogProps {
  orderId: string;
  orderNumber: number;
  externalNumber: string | null;
  platform: Platform;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Reject a Wolt or Bolt Food order not yet accepted (decision 017; integrations.md §2.4): one of
 * Wolt's three reject codes and an optional message. The platform shows the message, or the
 * code's default text, to its customer. A refusal (409: accepted, cancelled or too late) stays
 * in the dialog, where the cook is looking.
 */
export function RejectOrderDialog({
  orderId,
  orderNumber,
  externalNumber,
  platform,
  open,
  onOpenChange,
}: RejectOrderDialogProps) {
  const reject = useRejectPlatformOrder(orderId);
  const name = PLATFORM_NAMES[platform];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (reject.isPending) return;
        if (!next) reject.reset();
        onOpenChange(next);
      }}
    >
      {open && (
        <DialogContent
          title={`Reject ${name} order #${orderNumber}?`}
          description={`${externalNumber ? `${name} order ${externalNumber}. ` : ''}${name} shows the reason to the customer and cancels the order.`}
          className="sm:max-w-xl"
        >
          <RejectForm
            platform={name}
            pending={reject.isPending}
            error={reject.isError ? platformErrorMessage(reject.error, 'Rejecting failed') : null}
            onReject={(body) => reject.mutate(body, { onSuccess: () => onOpenChange(false) })}
            onCancel={() => onOpenChange(false)}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The API's platformRejectSchema reads the choice and the trimmed message. */
const rejectFormSchema = z
  .object({ code: z.string(), reason: z.string() })
  .transform(({ code, reason }) => ({ code: code || null, reason: reason.trim() || undefined }))
  .transform(parsedBy(platformRejectSchema));
type RejectFormValues = z.input<typeof rejectFormSchema>;

function RejectForm({
  platform,
  pending,
  error,
  onReject,
  onCancel,
}: {
  platform: string;
  pending: boolean;
  error: string | null;
  onReject: (body: { code: RejectCode; reason?: string }) => void;
  onCancel: () => void;
}) {
  return (
    <Form
      schema={rejectFormSchema}
      defaultValues={{ code: '', reason: '' }}
      onSubmit={(body) => onReject(body)}
      pending={pending}
      className="flex min-h-0 flex-col"
    >
      <RejectFields platform={platform} error={error} />
      <div className="flex justify-end gap-3 border-t border-char-900/10 px-5 py-4">
        <Button variant="ghost" size="lg" onClick={onCancel} disabled={pending}>
          Keep order
        </Button>
        <Button type="submit" variant="danger" size="lg" disabled={pending}>
          {pending ? 'Rejecting…' : 'Reject order'}
        </Button>
      </div>
    </Form>
  );
}

function RejectFields({ platform, error }: { platform: string; error: string | null }) {
  const { register } = useFormContext<RejectFormValues>();
  const code = useWatch<RejectFormValues, 'code'>({ name: 'code' }) as RejectCode | '';
  const { errors } = useFormState<RejectFormValues>();
  const message = errorMessages(errors)[0] ?? error;
  return (
    <div className="flex flex-col gap-4 overflow-y-auto p-5">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-lg font-bold">Reason</legend>
        {WOLT_REJECT_CODES.map((choice) => (
          <label
            key={choice}
            className={cn(
              'flex min-h-14 cursor-pointer items-center gap-4 rounded-xl border-2 px-4 text-xl font-semibold',
              code === choice
                ? 'border-red-700 bg-red-50'
                : 'border-char-900/15 bg-white hover:border-char-900/40',
            )}
          >
            <input
              type="radio"
              value={choice}
              className="size-6 shrink-0 accent-red-700"
              {...register('code')}
            />
            {REJECT_REASONS[choice]}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1.5">
        <span className="text-lg font-bold">
          Message to the customer <span className="font-normal text-char-700">(optional)</span>
        </span>
        <input
          type="text"
          maxLength={200}
          {...register('reason')}
          placeholder={code ? REJECT_REASONS[code] : `Shown on ${platform}`}
          className="h-14 rounded-xl border-2 border-char-900/15 bg-white px-4 text-lg focus:border-char-900/50"
        />
      </label>
      {message && (
        <p role="alert" className="rounded-xl bg-red-100 px-4 py-3 text-lg font-bold text-red-800">
          {message}
        </p>
      )}
    </div>
  );
}
