/**
 * Printing without a printer driver of our own: the browser's print dialog (window.print) with
 * a sheet that is the only thing a printed page shows. The sheet is put straight under <body>
 * (a portal) and @media print hides every other child of <body>, the app included.
 *
 * NOTE: @page has no margin and the sheet is 80 mm wide, the paper of a counter receipt printer;
 * the roll's length is the printer's business (CSS `size` cannot say "as long as it takes").
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const PRINT_SHEET_CSS = `
@media screen { .print-sheet { display: none !important; } }
@media print {
  @page { margin: 0; }
  html, body { background: #fff !important; padding: 0 !important; margin: 0 !important; }
  body > :not(.print-sheet) { display: none !important; }
  .print-sheet { display: block !important; width: 80mm; box-sizing: border-box; padding: 3mm 4mm; color: #000; }
}`;

/** The sheet itself; render it only while something is to be printed. */
export function PrintSheet({ children }: { children: ReactNode }) {
  return createPortal(
    <div className="print-sheet" data-testid="print-sheet">
      <style>{PRINT_SHEET_CSS}</style>
      {children}
    </div>,
    document.body,
  );
}

/**
 * `print(content)` puts `content` on the sheet and opens the print dialog once it is laid out;
 * render `sheet` somewhere in the component. The sheet goes away after printing.
 */
export function usePrint() {
  const [content, setContent] = useState<{ node: ReactNode } | null>(null);

  useEffect(() => {
    if (!content) return;
    const done = () => setContent(null);
    window.addEventListener('afterprint', done, { once: true });
    // One frame later, so the sheet is on the page when the dialog takes its picture.
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
    };
  }, [content]);

  const print = useCallback((node: ReactNode) => setContent({ node }), []);
  const sheet = content ? <PrintSheet>{content.node}</PrintSheet> : null;
  return { print, sheet };
}
