/**
 * Reprint on an order (decision 028): a new job marked REPRINT on the shop's printers of that
 * kind. With no printer set up, it says so: the browser's Print ticket is the way then.
 */
import { RotateCcw } from 'lucide-react';
import { toast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/utils.ts';
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
 * The kitchen display's Reprint beside Print ticket: icon only, and only when a printer prints
 * kitchen tickets (else the browser's Print ticket is the one way).
 */
export function KitchenReprintButton({
  orderId,
  className,
}: {
  orderId: string;
  className?: string;
}) {
  const { data: printers } = usePrinterStatus();
  const any = (printers ?? []).some(
    (printer) => printer.enabled && printer.prints.includes('kitchen'),
  );
  if (!any) return null;
  return (
    <span title="Reprint ticket on the printer" className="contents">
      <ReprintButton
        orderId={orderId}
        kind="kitchen"
        label="Reprint ticket"
        className={className}
      />
    </span>
  );
}
