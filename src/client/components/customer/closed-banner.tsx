import { Clock } from 'lucide-react';
import { describeTodayHours } from '#shared/shop-hours/shop-clock.ts';
import { weekdayOf } from '#shared/time/calendar.ts';
import type { ShopStatus } from '#shared/shop-hours/shop-hours.ts';

/**
 * Spec customer-site §2: shown only while the shop is closed; and when the website takes
 * pre-orders for the next opening (decision 026), the day it takes them for.
 */
export function ClosedBanner({ status }: { status: ShopStatus }) {
  const today = describeTodayHours(status.todayHours);
  const preOrderDay = status.preOrderDate ? weekdayOf(status.preOrderDate) : undefined;
  return (
    <div role="alert" className="bg-red-700 text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
        <Clock aria-hidden className="size-5 shrink-0" />
        <p className="font-bold">Sorry, we're currently closed.</p>
        <p className="text-sm text-red-50">
          {today ? `Today's hours: ${today}` : "We're closed today."}
        </p>
        {preOrderDay && (
          <p className="text-sm font-bold">
            {`Pre-order now for ${preOrderDay.charAt(0).toUpperCase()}${preOrderDay.slice(1)}.`}
          </p>
        )}
      </div>
    </div>
  );
}
