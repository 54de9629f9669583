/**
 * Day cash-up at the counter (decision 012), for every POS role: open the drawer with a float,
 * pay in and out with a reason, close by counting, print the Z report. A tablet at 1024x768
 * first, usable on a phone. Every figure is the server's; a sale anywhere refreshes them
 * (sockets notify, queries fetch).
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  LogOut,
  MinusCircle,
  PlusCircle,
  Receipt,
  RotateCw,
  Wallet,
} from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { CashMovementKind } from '#shared/cash-drawer/cash-drawer.ts';
import type { CashDrawerSession } from '#shared/cash-drawer/cash-drawer.schema.ts';
import type { ServerMessage } from '#shared/realtime/events.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useLiveSocket } from '#client/lib/live-socket.ts';
import { useLogout, useSession } from '../auth/index.ts';
import { usePreloadedFormChecks } from '#client/components/ui/form-resolver.ts';
import { currentDrawerQuery, useCurrentDrawer } from './api/cash-drawer-queries.ts';
import { CloseDrawerDialog } from './components/close-drawer-dialog.tsx';
import { DrawerFigures, MovementList } from './components/drawer-figures.tsx';
import { dateTime } from './components/money.ts';
import { MovementDialog } from './components/movement-dialog.tsx';
import { OpenDrawerForm } from './components/open-drawer-form.tsx';
import { ReportPanel } from './components/report-panel.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';

export function CashUpPage() {
  useDocumentTitle('Cash-up · POS');
  const drawer = useCurrentDrawer();
  const queryClient = useQueryClient();
  /** The session whose report shows: the one just closed, or the last one on request. */
  const [reportId, setReportId] = useState<string | null>(null);

  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: currentDrawerQuery().queryKey }),
    [queryClient],
  );
  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (message.type === 'orderChanged') refetch();
    },
    [refetch],
  );
  useLiveSocket({ onMessage, onReconnect: refetch });

  let content: React.ReactNode;
  if (reportId) {
    content = <ReportPanel sessionId={reportId} onNewDay={() => setReportId(null)} />;
  } else if (drawer.isPending) {
    content = <Spinner label="Loading the cash drawer" />;
  } else if (drawer.isError) {
    content = (
      <div
        role="alert"
        className="mx-auto max-w-md rounded-2xl bg-white p-6 text-center ring-1 ring-char-900/10"
      >
        <p className="font-bold">Could not load the cash drawer</p>
        <p className="mt-1 text-sm text-char-700">{errorMessage(drawer.error)}</p>
        <Button variant="outline" className="mt-4" onClick={() => void drawer.refetch()}>
          <RotateCw aria-hidden className="size-4" />
          Try again
        </Button>
      </div>
    );
  } else if (drawer.data.session) {
    content = <OpenDrawer session={drawer.data.session} onClosed={setReportId} />;
  } else {
    const last = drawer.data.lastClosed;
    content = (
      <div className="flex flex-col items-center gap-4">
        <OpenDrawerForm />
        {last && (
          <Button variant="ghost" onClick={() => setReportId(last.id)}>
            <Receipt aria-hidden className="size-5" />
            Last Z report (closed {dateTime(last.closedAt)})
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col bg-stone-100 text-char-900">
      <CashUpHeader />
      <main className="mx-auto w-full max-w-6xl flex-1 px-3 py-4 sm:px-4 sm:py-6">{content}</main>
    </div>
  );
}

function CashUpHeader() {
  const logout = useLogout();
  usePreloadedFormChecks();
  const { data: session } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-char-900/10 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-2 sm:px-4">
        <Link
          to="/staff-pos"
          className="flex h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold hover:bg-char-900/5"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back to POS
        </Link>
        <h1 className="flex items-center gap-2 font-display text-lg sm:text-xl">
          <Wallet aria-hidden className="size-5 text-ember-700" />
          Cash-up
        </h1>
        <div className="ml-auto flex items-center gap-2">
          <span className="hidden text-sm text-char-700 sm:inline">{session?.user?.name}</span>
          <button
            type="button"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            className="flex h-11 items-center gap-2 rounded-full bg-char-900 px-4 text-sm font-semibold text-white hover:bg-char-800"
          >
            <LogOut aria-hidden className="size-4" />
            Logout
          </button>
        </div>
      </div>
    </header>
  );
}

function OpenDrawer({
  session,
  onClosed,
}: {
  session: CashDrawerSession;
  onClosed: (sessionId: string) => void;
}) {
  const [movement, setMovement] = useState<CashMovementKind | null>(null);
  const [closing, setClosing] = useState(false);
  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] md:items-start">
      <section
        aria-labelledby="drawer-heading"
        className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-char-900/10"
      >
        <h2 id="drawer-heading" className="font-display text-xl">
          Drawer open
        </h2>
        <p className="text-sm text-char-700">
          Since {dateTime(session.openedAt)}, opened by {session.openedBy}
        </p>
        <div className="mt-3">
          <DrawerFigures session={session} />
        </div>
      </section>
      <div className="flex flex-col gap-4">
        <div className="grid grid-cols-2 gap-3">
          <Button size="lg" variant="outline" onClick={() => setMovement('pay-in')}>
            <PlusCircle aria-hidden className="size-5" />
            Pay in
          </Button>
          <Button size="lg" variant="outline" onClick={() => setMovement('pay-out')}>
            <MinusCircle aria-hidden className="size-5" />
            Pay out
          </Button>
          <Button size="lg" variant="dark" className="col-span-2" onClick={() => setClosing(true)}>
            Close drawer
          </Button>
        </div>
        <section
          aria-labelledby="movements-heading"
          className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-char-900/10"
        >
          <h2 id="movements-heading" className="font-display text-lg">
            Pay-ins and pay-outs
          </h2>
          <div className="mt-2">
            <MovementList movements={session.movements} />
          </div>
        </section>
      </div>
      <MovementDialog kind={movement} onClose={() => setMovement(null)} />
      <CloseDrawerDialog
        session={closing ? session : null}
        onClose={() => setClosing(false)}
        onClosed={(closed) => {
          setClosing(false);
          onClosed(closed.id);
        }}
      />
    </div>
  );
}
