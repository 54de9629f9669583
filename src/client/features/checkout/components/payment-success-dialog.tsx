import { Check, Copy, PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { SOLID_EMBER } from '#client/components/customer/solid-ember.ts';
import { useOrder } from '../api/order-query.ts';
import type { PaidOrder } from '../use-payment-return.ts';
import { PickupTimeNote } from '#client/components/customer/pickup-time-note.tsx';
import { confirmationPath } from '../confirmation-path.ts';

async function copyOrderNumber(orderNumber: number) {
  try {
    await navigator.clipboard.writeText(String(orderNumber));
    toast.success('Copied!');
  } catch {
    toast.error('Copy Failed', { description: 'Could not copy to clipboard' });
  }
}

export interface PaymentSuccessDialogProps {
  paidOrder: PaidOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onContinue: () => void;
  /** A table order: we bring it to this table instead of a pickup. */
  tableNumber?: string | null;
}

/**
 * Spec customer-site §2 "Order Complete", with DESIGN.md departure 4: the number shown is the
 * real order number from the server, with a link to the order's confirmation page.
 */
export function PaymentSuccessDialog({
  paidOrder,
  open,
  onOpenChange,
  onContinue,
  tableNumber = null,
}: PaymentSuccessDialogProps) {
  const order = useOrder(paidOrder.orderId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Order Complete"
        description="Thank you! Your payment went through and your order is in."
      >
        <div className="flex flex-col gap-5 overflow-y-auto px-5 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))]">
          <div className="flex flex-col items-center gap-3 rounded-3xl bg-char-900 px-5 py-6 text-center text-white">
            <span
              className="grid size-12 place-items-center rounded-full bg-mustard-400 text-char-900"
              aria-hidden
            >
              <PartyPopper className="size-6" />
            </span>
            <p className="text-sm font-bold tracking-widest text-white/70 uppercase">
              Your order number
            </p>
            {!paidOrder.orderId ? (
              <p className="text-white/85">
                Your order is being registered. Show your name at the truck.
              </p>
            ) : order.isPending ? (
              <Spinner label="Loading your order number" className="p-2 [&_svg]:text-mustard-400" />
            ) : order.isError ? (
              <div className="flex flex-col items-center gap-3">
                <p className="text-white/85">We couldn't load your order number just now.</p>
                <Button variant="outline" size="sm" onClick={() => void order.refetch()}>
                  Try again
                </Button>
              </div>
            ) : (
              <>
                <p
                  data-testid="order-number"
                  className="font-display text-6xl leading-none tracking-wide"
                >
                  #{order.data.orderNumber}
                </p>
                <Button
                  variant="outline"
                  size="sm"
                  className="border-white/30 bg-transparent text-white hover:border-white/70"
                  onClick={() => void copyOrderNumber(order.data.orderNumber)}
                  aria-label={`Copy order number ${order.data.orderNumber}`}
                >
                  <Copy aria-hidden className="size-4" />
                  Copy
                </Button>
              </>
            )}
          </div>
          {order.data && <PickupTimeNote order={order.data} className="justify-center" />}
          <p className="flex items-start gap-2 text-char-700">
            <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
            {tableNumber
              ? `We bring it to table ${tableNumber}. Keep this number handy; you can follow your order on its status page.`
              : 'Pick it up at the truck. Keep this number handy; you can follow your order on its status page.'}
          </p>
          <div className="flex flex-col gap-3 sm:flex-row-reverse">
            {paidOrder.orderId && (
              <Button asChild size="lg" className={`${SOLID_EMBER} sm:flex-1`}>
                <Link to={confirmationPath(paidOrder.orderId)}>View order status</Link>
              </Button>
            )}
            <Button variant="dark" size="lg" className="sm:flex-1" onClick={onContinue}>
              Continue
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
