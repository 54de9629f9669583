import { useEffect, useMemo, useState } from 'react';
import { RotateCw, Smartphone } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import type { ShopInfo } from '#shared/settings/settings.schema.ts';
import { useShopInfo } from './api/shop-info-query.ts';
import { AddressWarning } from './components/address-warning.tsx';
import { QrPrintSheet, type PrintSheetKind } from './components/qr-print-sheet.tsx';
import { SiteQrCard } from './components/site-qr-card.tsx';
import { TableQrGrid, type TableQr } from './components/table-qr-grid.tsx';
import { addressReach } from '#shared/settings/public-address.ts';
import { qrPngDataUrl, qrSvg } from './qr-image.ts';

/** Spec back-office §9: the QR image is 400x400. */
const QR_PIXELS = 400;

/**
 * Spec back-office §2 "QR Code page", drawn in the browser from the shop's public address (Shop
 * Settings, else PUBLIC_URL; DESIGN.md departure 20) (no QR service sees
 * the address), plus one code per table for the table ordering page (/table?table=N).
 */
export function QrCodesPage() {
  const info = useShopInfo();
  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="font-display text-2xl sm:text-3xl">QR Codes</h1>
      <p className="mt-1 max-w-2xl text-sm text-char-700">
        Customers scan a code with their phone camera and the menu opens. The codes are drawn on
        this page: no outside service sees the shop’s address.
      </p>
      {info.isPending ? (
        <Spinner label="Loading the shop’s address" />
      ) : info.isError ? (
        <div
          role="alert"
          className="mt-6 rounded-2xl bg-white p-6 text-center ring-1 ring-char-900/10"
        >
          <p className="font-bold">Could not load the shop’s address</p>
          <p className="mt-1 text-sm text-char-700">{errorMessage(info.error)}</p>
          <Button variant="outline" className="mt-4" onClick={() => void info.refetch()}>
            <RotateCw aria-hidden className="size-4" />
            Try again
          </Button>
        </div>
      ) : (
        <QrCodes info={info.data} />
      )}
    </main>
  );
}

/** `${publicUrl}/` and `${publicUrl}/table?table=N`, keeping any path PUBLIC_URL has. */
function addresses(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    site: `${base}/`,
    table: (number: number) => `${base}/table?table=${number}`,
  };
}

function QrCodes({ info }: { info: ShopInfo }) {
  const { publicUrl, tableCount } = info;
  const site = useMemo(() => {
    const url = addresses(publicUrl).site;
    return { url, png: qrPngDataUrl(url, QR_PIXELS), svg: qrSvg(url) };
  }, [publicUrl]);
  const tables = useMemo<TableQr[]>(
    () =>
      Array.from({ length: tableCount }, (_, index) => {
        const number = index + 1;
        const url = addresses(publicUrl).table(number);
        return { number, url, png: qrPngDataUrl(url, QR_PIXELS), svg: qrSvg(url) };
      }),
    [publicUrl, tableCount],
  );
  const { sheet, print } = usePrintRequest();

  return (
    <>
      <div className="mt-4">
        <AddressWarning reach={addressReach(publicUrl)} url={publicUrl} />
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <SiteQrCard url={site.url} png={site.png} onPrint={() => print('site')} />
        <HowItWorks />
      </div>
      <TableQrGrid tables={tables} onPrint={() => print('tables')} />
      <QrPrintSheet
        kind={sheet}
        shopName={info.name}
        siteUrl={site.url}
        siteSvg={site.svg}
        tables={tables}
      />
    </>
  );
}

/**
 * Which sheet the printer gets: the table sheet unless the site's Print asked for the poster
 * (so Ctrl+P on this page prints the tables too). Printing waits one frame for the sheet.
 */
function usePrintRequest() {
  const [request, setRequest] = useState<{ sheet: PrintSheetKind } | null>(null);
  useEffect(() => {
    if (!request) return;
    const done = () => setRequest(null);
    window.addEventListener('afterprint', done, { once: true });
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
    };
  }, [request]);
  return {
    sheet: request?.sheet ?? 'tables',
    print: (sheet: PrintSheetKind) => setRequest({ sheet }),
  };
}

function HowItWorks() {
  return (
    <aside
      aria-labelledby="qr-help-title"
      className="rounded-2xl bg-sky-50 p-4 text-sm text-sky-950 ring-1 ring-sky-900/10"
    >
      <h2 id="qr-help-title" className="flex items-center gap-2 font-bold">
        <Smartphone aria-hidden className="size-4" />
        How it works
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>Customers scan the code with their phone camera.</li>
        <li>The menu opens on their phone: nothing to install.</li>
        <li>They order and pay by card.</li>
        <li>They follow the order on their phone and pick it up when it is ready.</li>
      </ol>
      <p className="mt-3">
        Put the site’s code on the truck, a flyer or the menu board; the table codes go on the
        tables.
      </p>
    </aside>
  );
}
