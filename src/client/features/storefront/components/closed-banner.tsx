import { Clock } from 'lucide-react';
import { describeTodayHours } from '#shared/shop-hours/shop-clock.ts';
import type { ShopStatus } from '#shared/shop-hours/shop-hours.ts';

/** Spec customer-site §2: shown only while the shop is closed. */
export function ClosedBanner({ status }: { status: ShopStatus }) {
  const today = describeTodayHours(status.todayHours);
  return (
    <div role="alert" className="bg-red-700 text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
        <Clock aria-hidden className="size-5 shrink-0" />
        <p className="font-bold">Sorry, we're currently closed.</p>
        <p className="text-sm text-red-50">
          {today ? `Today's hours: ${today}` : "We're closed today."}
        </p>
      </div>
    </div>
  );
}
