/**
 * Reprint on an order (decision 028): a new job marked REPRINT on the shop's printers of that
 * kind. With no printer set up, it says so: the browser's Print ticket is the way then.
 */
import { RotateCcw } from 'lucide-react';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/utils.ts';
import { usePrinterStatus, useReprint } from './printers-api.ts';

export function ReprintButton({
  orderId,
  kind = 'kitchen',
  label = 'Reprint',
  className,
}: {
  orderId: string;
  kind?: 'kitchen' | 'receipt';
  label?: string;
  className?: string;
}) {
  const reprint = useReprint();
  return (
    <button
      type="button"
      disabled={reprint.isPending}
      onClick={() =>
        reprint.mutate(
          { orderId, kind },
          {
            onSuccess: ({ jobIds }) =>
              jobIds.length > 0
                ? toast.success(
                    `Reprint sent to ${jobIds.length === 1 ? 'the printer' : `${jobIds.length} printers`}.`,
                  )
                : toast.error('No printer prints these: print from the browser instead.'),
            onError: (error) => toast.error(errorMessage(error, 'Could not reprint.')),
          },
        )
      }
      className={cn('inline-flex items-center gap-2', className)}
    >
      <RotateCcw aria-hidden className="size-4" />
      {label}
    </button>
  );
}

/**
 * Reprint where a printer prints that kind (else the browser's print is the one way, and this
 * is not shown): the kitchen card's beside Print ticket, the POS's beside Print Receipt.
 */
export function ReprintOnPrinterButton({
  orderId,
  kind,
  label,
  className,
}: {
  orderId: string;
  kind: 'kitchen' | 'receipt';
  label: string;
  className?: string;
}) {
  const { data: printers } = usePrinterStatus();
  const any = (printers ?? []).some((printer) => printer.enabled && printer.prints.includes(kind));
  if (!any) return null;
  return <ReprintButton orderId={orderId} kind={kind} label={label} className={className} />;
}

/** The kitchen display's: icon only beside Print ticket, its name "Reprint ticket". */
export function KitchenReprintButton({
  orderId,
  className,
}: {
  orderId: string;
  className?: string;
}) {
  return (
    <ReprintOnPrinterButton
      orderId={orderId}
      kind="kitchen"
      label="Reprint ticket"
      className={className}
    />
  );
}
