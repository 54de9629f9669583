import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { AddressReach } from '#shared/settings/public-address.ts';

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
          Set the address customers use as the Public address in{' '}
          <Link to="/settings" className="font-bold underline underline-offset-2">
            Shop Settings
          </Link>
          .
        </p>
        <p className="mt-1 text-amber-900/80">
          The codes change as soon as it is saved: no restart. Until then they carry the server’s
          PUBLIC_URL.
        </p>
      </div>
    </section>
  );
}
