/** After a sale: its receipt, Print Receipt (80 mm, through the browser) and New sale. */
import { CircleCheck, Plus, Printer, WifiOff } from 'lucide-react';
import { formatEuroCents } from '#shared/money.ts';
import { PrintSheet, Receipt, type ShopHeader } from '../../receipts/index.ts';
import type { ShownReceipt } from '../use-pos-checkout.ts';
import { ReprintOnPrinterButton } from '../../printing/index.ts';

export function ReceiptPanel({
  shown,
  shop,
  timeZone,
  onNewSale,
}: {
  shown: ShownReceipt;
  shop: ShopHeader | undefined;
  timeZone: string | undefined;
  onNewSale: () => void;
}) {
  const { receipt } = shown;
  const pending = receipt.orderNumber === null;
  return (
    <section aria-label="Sale complete" className="flex min-h-0 flex-1 flex-col bg-white">
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        <p
          className={
            pending
              ? 'flex items-center gap-2 rounded-2xl bg-mustard-400/30 px-4 py-3 font-bold'
              : 'flex items-center gap-2 rounded-2xl bg-green-100 px-4 py-3 font-bold text-green-900'
          }
        >
          {pending ? (
            <WifiOff aria-hidden className="size-5 shrink-0" />
          ) : (
            <CircleCheck aria-hidden className="size-5 shrink-0" />
          )}
          {pending
            ? 'Saved on this device: it is sent when the connection returns.'
            : `Order #${receipt.orderNumber} created`}
        </p>
        {receipt.changeCents !== null && receipt.changeCents > 0 && (
          <p className="mt-3 flex items-baseline justify-between rounded-2xl bg-char-900 px-4 py-3 text-white">
            <span className="text-lg font-bold">Give change</span>
            <span className="text-4xl font-black tabular-nums" data-testid="receipt-change">
              {formatEuroCents(receipt.changeCents)}
            </span>
          </p>
        )}
        <div className="mt-4 flex justify-center rounded-2xl bg-stone-200 p-4">
          <Receipt receipt={receipt} shop={shop} timeZone={timeZone} className="p-4 shadow" />
        </div>
      </div>
      <div className="grid shrink-0 grid-cols-2 gap-2 border-t border-char-900/10 p-3">
        {shown.orderId && (
          // On the counter's receipt printer, marked REPRINT (decision 028): it printed by
          // itself with the sale.
          <ReprintOnPrinterButton
            orderId={shown.orderId}
            kind="receipt"
            label="Reprint on printer"
            className="col-span-2 flex h-12 items-center justify-center gap-2 rounded-2xl border-2 border-char-900/20 font-bold hover:border-char-900/50"
          />
        )}
        <button
          type="button"
          onClick={() => window.print()}
          className="flex h-14 items-center justify-center gap-2 rounded-2xl border-2 border-char-900/20 text-lg font-bold hover:border-char-900/50"
        >
          <Printer aria-hidden className="size-5" />
          Print Receipt
        </button>
        <button
          type="button"
          onClick={onNewSale}
          className="flex h-14 items-center justify-center gap-2 rounded-2xl bg-ember-700 text-lg font-black text-white hover:bg-ember-800"
        >
          <Plus aria-hidden className="size-5" />
          New sale
        </button>
      </div>
      {/* On the page while the receipt shows: Print Receipt, or the browser's own print, prints it. */}
      <PrintSheet>
        <Receipt receipt={receipt} shop={shop} timeZone={timeZone} />
      </PrintSheet>
    </section>
  );
}
