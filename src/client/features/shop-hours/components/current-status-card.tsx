import { useState } from 'react';
import { Globe } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import type { ShopStatus } from '#shared/shop-hours/shop-hours.ts';
import { dayName } from './shift-format.ts';
import { StatusBadge } from './status-badge.tsx';
import { TimeZoneEditor } from './time-zone-editor.tsx';

/**
 * Spec back-office §2: current time, today's name and hours (or 'Closed') and the shop status,
 * all as the server sees them in the shop's time zone, which can be changed here.
 */
export function CurrentStatusCard({ status }: { status: ShopStatus }) {
  const [changingZone, setChangingZone] = useState(false);
  return (
    <section
      aria-labelledby="current-status-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10"
    >
      <h2 id="current-status-title" className="text-base font-bold">
        Current Status
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-char-700">Current time</dt>
        <dd className="font-mono font-semibold tabular-nums">{status.currentTime}</dd>
        <dt className="text-char-700">Today</dt>
        <dd>
          <span className="font-semibold">{dayName(status.today)}</span>{' '}
          <TodayHours todayHours={status.todayHours} />
        </dd>
        <dt className="text-char-700">Shop status</dt>
        <dd>
          <StatusBadge open={status.isOpen}>{status.isOpen ? 'Open' : 'Closed'}</StatusBadge>
        </dd>
        <dt className="text-char-700">Time zone</dt>
        <dd className="flex flex-wrap items-center gap-x-2">
          <span className="font-semibold break-all">{status.timeZone}</span>
          {!changingZone && (
            <Button
              variant="ghost"
              size="sm"
              className="-my-2 h-11 px-2 text-ember-700 underline underline-offset-4 hover:bg-transparent"
              onClick={() => setChangingZone(true)}
              aria-label="Change time zone"
            >
              <Globe aria-hidden className="size-4" />
              Change
            </Button>
          )}
        </dd>
      </dl>
      {changingZone && (
        <div className="mt-3 border-t border-char-900/10 pt-3">
          <TimeZoneEditor current={status.timeZone} onDone={() => setChangingZone(false)} />
        </div>
      )}
    </section>
  );
}

/** Today's open shifts as the server reports them, each kept on one line; 'Closed' when none. */
function TodayHours({ todayHours }: { todayHours: ShopStatus['todayHours'] }) {
  const shifts = [todayHours.shift1, todayHours.shift2].filter((shift) => shift !== undefined);
  if (shifts.length === 0) return <span className="text-char-700">Closed</span>;
  return (
    <span className="text-char-700">
      {shifts.map((shift, index) => (
        <span key={index} className="whitespace-nowrap tabular-nums">
          {index > 0 && ', '}
          {shift.open} - {shift.close}
        </span>
      ))}
    </span>
  );
}
