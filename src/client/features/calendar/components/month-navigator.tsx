import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  addMonths,
  compareMonths,
  FIRST_MONTH,
  LAST_MONTH,
  monthLabel,
  type YearMonth,
} from '../calendar-month.ts';

interface Props {
  month: YearMonth;
  /** The month that holds today, once known. */
  currentMonth: YearMonth | undefined;
  onSelect: (month: YearMonth) => void;
  onThisMonth: () => void;
}

/** Spec: previous and next month; and a way back to this month. */
export function MonthNavigator({ month, currentMonth, onSelect, onThisMonth }: Props) {
  const isCurrent = currentMonth !== undefined && compareMonths(month, currentMonth) === 0;
  return (
    <div role="group" aria-label="Month" className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        size="icon"
        aria-label="Previous month"
        disabled={compareMonths(month, FIRST_MONTH) <= 0}
        onClick={() => onSelect(addMonths(month, -1))}
        className="disabled:opacity-40"
      >
        <ChevronLeft aria-hidden className="size-5" />
      </Button>
      <h2
        className="flex min-w-44 items-center justify-center gap-2 text-lg font-bold sm:min-w-52"
        aria-live="polite"
        data-testid="calendar-month-label"
      >
        <CalendarDays aria-hidden className="size-5 shrink-0 text-ember-700" />
        {monthLabel(month)}
      </h2>
      <Button
        variant="outline"
        size="icon"
        aria-label="Next month"
        disabled={compareMonths(month, LAST_MONTH) >= 0}
        onClick={() => onSelect(addMonths(month, 1))}
        className="disabled:opacity-40"
      >
        <ChevronRight aria-hidden className="size-5" />
      </Button>
      <Button
        variant="dark"
        size="sm"
        disabled={isCurrent || currentMonth === undefined}
        onClick={onThisMonth}
        className="disabled:opacity-40"
      >
        This month
      </Button>
    </div>
  );
}
