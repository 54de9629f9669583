import { Download, Printer } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { downloadDataUrl } from '../qr-image.ts';

const SITE_QR_FILE_NAME = 'takeaway-qr-code.png';

/** Spec back-office §2 "QR Code page", §9: a 400x400 image of the storefront's address. */
export function SiteQrCard({
  url,
  png,
  onPrint,
}: {
  url: string;
  png: string;
  onPrint: () => void;
}) {
  return (
    <section
      aria-labelledby="site-qr-title"
      className="flex flex-col items-center rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-char-900/10 sm:p-6"
    >
      <h2 id="site-qr-title" className="self-start text-base font-bold">
        Your site’s QR code
      </h2>
      <p className="self-start text-left text-sm text-char-700">Opens the menu on a phone.</p>
      <img
        src={png}
        width={400}
        height={400}
        alt={`QR code for ${url}`}
        className="mt-4 aspect-square h-auto w-full max-w-[400px] [image-rendering:pixelated]"
      />
      <p className="mt-2 font-mono text-sm break-all">{url}</p>
      <div className="mt-4 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button variant="outline" onClick={onPrint}>
          <Printer aria-hidden className="size-5" />
          Print
        </Button>
        <Button onClick={() => downloadDataUrl(png, SITE_QR_FILE_NAME)}>
          <Download aria-hidden className="size-5" />
          Download
        </Button>
      </div>
    </section>
  );
}
