import { FileCode2, FileImage, Printer } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { downloadDataUrl, svgDataUrl } from '../qr-image.ts';

export interface TableQr {
  number: number;
  url: string;
  /** PNG data: URL, 400x400. */
  png: string;
  /** SVG source. */
  svg: string;
}

/** One code per table, each downloadable on its own; the sheet prints them all. */
export function TableQrGrid({
  tables,
  onPrint,
}: {
  tables: readonly TableQr[];
  onPrint: () => void;
}) {
  return (
    <section aria-labelledby="table-qr-title" className="mt-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="table-qr-title" className="font-display text-xl sm:text-2xl">
            Table QR codes
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-char-700">
            One code per table: a customer who scans it orders from that table. The sheet prints on
            A4, six codes a page; cut along the dashed lines.
          </p>
        </div>
        <Button variant="outline" onClick={onPrint} className="shrink-0">
          <Printer aria-hidden className="size-5" />
          Print table sheet
        </Button>
      </div>
      <ul
        aria-label="Table QR codes"
        className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
      >
        {tables.map((table) => (
          <li
            key={table.number}
            aria-labelledby={`table-qr-${table.number}`}
            className="flex flex-col items-center rounded-2xl bg-white p-3 shadow-sm ring-1 ring-char-900/10"
          >
            <h3 id={`table-qr-${table.number}`} className="font-bold">
              Table {table.number}
            </h3>
            <img
              src={table.png}
              width={400}
              height={400}
              alt={`QR code for Table ${table.number}`}
              className="mt-2 aspect-square h-auto w-full max-w-40 [image-rendering:pixelated]"
            />
            <p className="mt-1 w-full text-center font-mono text-xs break-all text-char-700">
              {table.url}
            </p>
            <div className="mt-2 flex flex-wrap justify-center gap-1.5">
              <Button
                variant="outline"
                size="sm"
                className="px-2.5"
                aria-label={`Download Table ${table.number} as PNG`}
                onClick={() => downloadDataUrl(table.png, `table-${table.number}-qr-code.png`)}
              >
                <FileImage aria-hidden className="size-4" />
                PNG
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="px-2.5"
                aria-label={`Download Table ${table.number} as SVG`}
                onClick={() =>
                  downloadDataUrl(svgDataUrl(table.svg), `table-${table.number}-qr-code.svg`)
                }
              >
                <FileCode2 aria-hidden className="size-4" />
                SVG
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
