/**
 * What the printer gets: the site's code as a poster, or the table sheet (A4, six codes a page
 * with dashed cut lines). The sheet sits directly under <body> (a portal) and @media print hides
 * every other child of <body>, the app included; on screen it is hidden.
 */
import { createPortal } from 'react-dom';
import { svgDataUrl } from '../qr-image.ts';
import type { TableQr } from './table-qr-grid.tsx';

export type PrintSheetKind = 'site' | 'tables';

const CODES_PER_PAGE = 6;

const PRINT_CSS = `
@media screen { .qr-print-sheet { display: none !important; } }
@media print {
  @page { size: A4; margin: 10mm; }
  html, body { background: #fff !important; margin: 0 !important; padding: 0 !important; }
  body > :not(.qr-print-sheet) { display: none !important; }
  .qr-print-sheet { display: block !important; color: #000; }
  .qr-print-page {
    box-sizing: border-box; display: grid; grid-template-columns: repeat(2, 1fr);
    grid-auto-rows: 90mm; width: 190mm;
    border-top: 0.3mm dashed #666; border-left: 0.3mm dashed #666;
    break-after: page;
  }
  .qr-print-page:last-child { break-after: auto; }
  .qr-print-cell {
    display: flex; flex-direction: column; align-items: center; justify-content: center;
    box-sizing: border-box; gap: 1.5mm; border-right: 0.3mm dashed #666; border-bottom: 0.3mm dashed #666;
    break-inside: avoid;
  }
  .qr-print-cell img { width: 58mm; height: 58mm; }
  .qr-print-shop { font-size: 11pt; font-weight: 700; }
  .qr-print-table { font-size: 22pt; font-weight: 800; line-height: 1; }
  .qr-print-hint { font-size: 9pt; }
  .qr-print-poster {
    display: flex; flex-direction: column; align-items: center; text-align: center;
    gap: 6mm; padding-top: 15mm;
  }
  .qr-print-poster h1 { font-size: 32pt; font-weight: 800; margin: 0; }
  .qr-print-poster img { width: 120mm; height: 120mm; }
  .qr-print-poster p { margin: 0; font-size: 14pt; }
}`;

export function QrPrintSheet({
  kind,
  shopName,
  siteUrl,
  siteSvg,
  tables,
}: {
  kind: PrintSheetKind;
  shopName: string;
  siteUrl: string;
  siteSvg: string;
  tables: readonly TableQr[];
}) {
  const pages: TableQr[][] = [];
  for (let start = 0; start < tables.length; start += CODES_PER_PAGE) {
    pages.push(tables.slice(start, start + CODES_PER_PAGE));
  }
  return createPortal(
    <div className="qr-print-sheet" data-testid="qr-print-sheet">
      <style>{PRINT_CSS}</style>
      {kind === 'site' ? (
        <div className="qr-print-poster">
          <h1>{shopName}</h1>
          <p style={{ fontSize: '20pt', fontWeight: 700 }}>Scan to order</p>
          {/* SVG: sharp at any printer resolution. */}
          <img src={svgDataUrl(siteSvg)} alt={`QR code for ${siteUrl}`} />
          <p>{siteUrl}</p>
          <p>Order on your phone, pay by card, and follow your order until it is ready.</p>
        </div>
      ) : (
        pages.map((page, index) => (
          <div key={index} className="qr-print-page">
            {page.map((table) => (
              <div key={table.number} className="qr-print-cell">
                <img src={svgDataUrl(table.svg)} alt={`QR code for Table ${table.number}`} />
                <div className="qr-print-shop">{shopName}</div>
                <div className="qr-print-table">Table {table.number}</div>
                <div className="qr-print-hint">Scan to order from your table</div>
              </div>
            ))}
          </div>
        ))
      )}
    </div>,
    document.body,
  );
}
