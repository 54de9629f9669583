import { TriangleAlert } from 'lucide-react';
import type { AddressReach } from '../public-address.ts';

/** Shown when the codes would carry an address a customer's phone cannot open. */
export function AddressWarning({ reach, url }: { reach: AddressReach; url: string }) {
  if (reach === 'internet') return null;
  return (
    <section
      aria-label="Address warning"
      className="flex gap-3 rounded-2xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-900/20"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div>
        <p className="font-bold">
          These QR codes open <span className="break-all">{url}</span>
        </p>
        <p className="mt-1">
          {reach === 'this-computer'
            ? 'This address only works on this computer: a phone cannot open it.'
            : 'This address only works on the shop’s own network: a phone on mobile data cannot open it.'}{' '}
          Set PUBLIC_URL to the address customers use.
        </p>
        <p className="mt-1 text-amber-900/80">
          PUBLIC_URL is set where the server starts (see the README); restart it afterwards.
        </p>
      </div>
    </section>
  );
}
