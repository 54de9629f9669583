/**
 * The top of the counter screen: who is selling, the cash drawer, the sales still waiting to be
 * sent, and (staff POS) Logout, refused while any sale waits: it needs this session to go out.
 */
import { useState } from 'react';
import { CloudUpload, Eye, LogOut, TriangleAlert, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { IDEMPOTENCY_KEY_RETENTION_HOURS } from '#shared/idempotency/idempotency.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { cn } from '#client/lib/utils.ts';
import { useLogout, useSession } from '../../auth/index.ts';
import { usePreloadedFormChecks } from '#client/components/ui/form-resolver.ts';
import {
  discardSale,
  logoutBlockedMessage,
  sendSaleAnyway,
  useOutbox,
  waitingSalesCount,
  type PosOutboxEntry,
} from '../outbox-store.ts';
import type { PosVariant } from '../use-pos-checkout.ts';

export function PosHeader({ variant }: { variant: PosVariant }) {
  const { data: session } = useSession();
  const logout = useLogout();
  usePreloadedFormChecks();
  const user = session?.user;

  const tryLogout = () => {
    const waiting = waitingSalesCount();
    if (waiting > 0) {
      toast.error('Logout Refused', { description: logoutBlockedMessage(waiting) });
      return;
    }
    logout.mutate();
  };

  return (
    <header
      className={cn(
        'flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b border-char-900/10 bg-white px-3',
        // Under the admin bar, as little height as the controls need.
        variant === 'admin' ? 'py-1' : 'py-2',
      )}
    >
      {variant === 'staff' && (
        <img src="/images/logo.svg" alt="" className="size-9" width={36} height={36} />
      )}
      <h1
        className={cn(
          'font-display leading-tight',
          variant === 'admin' ? 'text-base' : 'text-lg sm:text-xl',
        )}
      >
        {variant === 'admin' ? 'Point of Sale' : 'Staff Point of Sale'}
      </h1>
      {variant === 'staff' && user && (
        <p className="flex items-center gap-2 text-sm">
          <span className="font-semibold">{user.name}</span>
          <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-bold text-violet-900 uppercase">
            {user.role}
          </span>
        </p>
      )}
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <PendingSales />
        <Link
          to="/cash-up"
          className="flex h-11 items-center gap-2 rounded-full px-4 text-sm font-bold ring-1 ring-char-900/15 hover:bg-char-900/5"
        >
          <Wallet aria-hidden className="size-5" />
          Cash drawer
        </Link>
        {variant === 'staff' && (
          <button
            type="button"
            onClick={tryLogout}
            disabled={logout.isPending}
            className="flex h-11 items-center gap-2 rounded-full bg-char-900 px-4 text-sm font-bold text-white hover:bg-char-800"
          >
            <LogOut aria-hidden className="size-4" />
            Logout
          </button>
        )}
      </div>
    </header>
  );
}

// "27 Nov 2026, 16:05": a 24-hour clock as on every screen, not the browser's own format.
const queuedAtFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const saleTitle = (entry: PosOutboxEntry) =>
  `Cash sale of ${queuedAtFormat.format(new Date(entry.queuedAt))} · ${entry.body.items.length} ${
    entry.body.items.length === 1 ? 'line' : 'lines'
  }`;

/**
 * 'N sales waiting to send', any sale the server refused after the fact, and any sale that
 * waited longer than the server keeps keys (outbox.ts): it goes only when a person says so.
 */
function PendingSales() {
  const { waiting, failed, review } = useOutbox();
  if (waiting.length === 0 && failed.length === 0 && review.length === 0) return null;
  return (
    <>
      {review.length > 0 && <SalesNeedingALook entries={review} />}
      {waiting.length > 0 && (
        <p
          role="status"
          className="flex h-11 items-center gap-2 rounded-full bg-mustard-400 px-4 text-sm font-black text-char-950"
        >
          <CloudUpload aria-hidden className="size-5" />
          {waiting.length} {waiting.length === 1 ? 'sale' : 'sales'} waiting to send
        </p>
      )}
      {failed.length > 0 && (
        <details className="relative">
          <summary
            className={cn(
              'flex h-11 cursor-pointer list-none items-center gap-2 rounded-full bg-red-700 px-4 text-sm font-bold text-white',
            )}
          >
            <TriangleAlert aria-hidden className="size-5" />
            {failed.length} refused {failed.length === 1 ? 'sale' : 'sales'}
          </summary>
          <ul className="absolute left-0 z-30 mt-2 flex w-80 max-w-[calc(100vw-1.5rem)] sm:right-0 sm:left-auto flex-col gap-2 rounded-2xl bg-white p-3 text-sm shadow-xl ring-1 ring-char-900/10">
            {failed.map((entry) => (
              <li key={entry.key} className="flex flex-col gap-1 border-b pb-2 last:border-b-0">
                <p className="font-semibold">{saleTitle(entry)}</p>
                <p className="text-red-800">{entry.error ?? 'Refused by the server'}</p>
                <button
                  type="button"
                  onClick={() => discardSale(entry.key)}
                  className="h-11 self-start rounded-full px-3 font-bold ring-1 ring-char-900/20"
                >
                  Discard (refund the cash)
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/**
 * Sales queued more than IDEMPOTENCY_KEY_RETENTION_HOURS ago. The server may have forgotten
 * their keys, so sending one that went through before the connection dropped could record it
 * twice: a person checks the orders first, then sends it anyway or discards it (confirmed).
 */
function SalesNeedingALook({ entries }: { entries: PosOutboxEntry[] }) {
  const [discarding, setDiscarding] = useState<PosOutboxEntry | null>(null);
  return (
    <details className="relative">
      <summary className="flex h-11 cursor-pointer list-none items-center gap-2 rounded-full bg-orange-600 px-4 text-sm font-bold text-white">
        <Eye aria-hidden className="size-5" />
        {entries.length} {entries.length === 1 ? 'sale needs' : 'sales need'} a look
      </summary>
      <div className="absolute left-0 z-30 mt-2 flex w-80 max-w-[calc(100vw-1.5rem)] sm:right-0 sm:left-auto flex-col gap-2 rounded-2xl bg-white p-3 text-sm shadow-xl ring-1 ring-char-900/10">
        <p>
          {entries.length === 1 ? 'This sale' : 'These sales'} waited more than{' '}
          {IDEMPOTENCY_KEY_RETENTION_HOURS} hours to be sent. If one went through before the
          connection dropped, sending it again may record it twice: check today&apos;s orders first.
        </p>
        <ul className="flex flex-col gap-2">
          {entries.map((entry) => (
            <li key={entry.key} className="flex flex-col gap-1 border-t pt-2">
              <p className="font-semibold">{saleTitle(entry)}</p>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  onClick={() => {
                    sendSaleAnyway(entry.key);
                    toast.info('Sending the Sale', { description: saleTitle(entry) });
                  }}
                  className="h-11 rounded-full bg-char-900 px-3 font-bold text-white"
                >
                  Send anyway
                </button>
                <button
                  type="button"
                  onClick={() => setDiscarding(entry)}
                  className="h-11 rounded-full px-3 font-bold ring-1 ring-char-900/20"
                >
                  Discard
                </button>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <Dialog open={discarding !== null} onOpenChange={(open) => !open && setDiscarding(null)}>
        {discarding && (
          <DialogContent
            role="alertdialog"
            title="Discard this sale?"
            description={
              <>
                <strong className="font-semibold text-char-900">{saleTitle(discarding)}</strong>{' '}
                will not be sent. Refund the cash if the order is not in today&apos;s orders.{' '}
                <span className="font-semibold">This action cannot be undone.</span>
              </>
            }
          >
            <div className="flex justify-end gap-2 p-5">
              <Button variant="ghost" onClick={() => setDiscarding(null)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                onClick={() => {
                  discardSale(discarding.key);
                  setDiscarding(null);
                }}
              >
                Discard
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </details>
  );
}
