import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { addDays } from '#shared/time/shop-time.ts';
import { dayLabel, formatDay } from '#client/lib/back-office/dashboard-day.ts';

interface Props {
  day: string;
  today: string;
  onSelect: (day: string) => void;
}

/** Spec: previous day, next day, Today; the label reads Today or the date. */
export function DayNavigator({ day, today, onSelect }: Props) {
  const isToday = day === today;
  return (
    <div role="group" aria-label="Day" className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        size="icon"
        aria-label="Previous day"
        onClick={() => onSelect(addDays(day, -1))}
      >
        <ChevronLeft aria-hidden className="size-5" />
      </Button>
      <p
        className="flex min-w-44 items-center justify-center gap-2 text-center sm:min-w-52"
        aria-live="polite"
      >
        <CalendarDays aria-hidden className="size-5 shrink-0 text-ember-700" />
        <span className="flex flex-col leading-tight">
          <time dateTime={day} data-testid="selected-day" className="text-lg font-bold">
            {dayLabel(day, today)}
          </time>
          {isToday && <span className="text-xs text-char-700">{formatDay(day)}</span>}
        </span>
      </p>
      {/* Nothing happens in the future: the day after today is not offered. */}
      <Button
        variant="outline"
        size="icon"
        aria-label="Next day"
        disabled={isToday}
        onClick={() => onSelect(addDays(day, 1))}
        className="disabled:opacity-40"
      >
        <ChevronRight aria-hidden className="size-5" />
      </Button>
      <Button
        variant="dark"
        size="sm"
        disabled={isToday}
        onClick={() => onSelect(today)}
        className="disabled:opacity-40"
      >
        Today
      </Button>
    </div>
  );
}
