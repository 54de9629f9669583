import { Printer } from 'lucide-react';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { cn } from '#client/lib/utils.ts';
import { usePrint } from './print-sheet.tsx';
import { KitchenTicket } from './receipt.tsx';
import { ticketFromKitchenOrder } from './receipt-model.ts';

/** The kitchen display's 'Print ticket': the order's 80 mm kitchen ticket, through the browser. */
export function PrintTicketButton({
  order,
  className,
}: {
  order: KitchenOrder;
  className?: string;
}) {
  const { print, sheet } = usePrint();
  return (
    <>
      <button
        type="button"
        onClick={() => print(<KitchenTicket ticket={ticketFromKitchenOrder(order)} />)}
        className={cn(
          'inline-flex h-11 items-center gap-2 rounded-xl border-2 border-white/40 px-4 text-lg font-bold text-white hover:border-white',
          className,
        )}
      >
        <Printer aria-hidden className="size-5" />
        Print ticket
      </button>
      {sheet}
    </>
  );
}
