import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CalendarDay } from '#shared/calendar/calendar.schema.ts';
import { cn } from '#client/lib/utils.ts';
import {
  amountValue,
  dayCellLabel,
  ordersCount,
  shadeStep,
  wholeEuro,
  SHADE_STEPS,
} from '../calendar-format.ts';
import {
  addMonths,
  dayAfterKey,
  dayOf,
  daysInMonth,
  isDayInMonth,
  longDayLabel,
  monthGrid,
  monthLabel,
  WEEKDAYS,
  type YearMonth,
} from '../calendar-month.ts';

interface Props {
  month: YearMonth;
  today: string | undefined;
  selected: string | null;
  /** The month's days with orders; undefined while they load (or could not be loaded). */
  days: CalendarDay[] | undefined;
  loading: boolean;
  onSelect: (day: string) => void;
  /** Page Up / Page Down: the previous or next month, when there is one. */
  onStepMonth: (months: -1 | 1) => boolean;
}

/**
 * Background per shade step (calendar-format.ts shadeStep). The text stays char-900 on every
 * one: about 19:1 on white and 6:1 on ember-500, the darkest, so AA holds throughout.
 */
const SHADES = ['bg-white', 'bg-ember-100', 'bg-ember-200', 'bg-ember-400', 'bg-ember-500'];

/**
 * Spec: the month grid, Sunday first. Each day of the month is a button named by its date and
 * figures; one of them is in the tab order (the selected day, else today, else the 1st) and
 * the arrow keys, Home and End move among them; Page Up and Page Down change the month.
 */
export function MonthGrid({ month, today, selected, days, loading, onSelect, onStepMonth }: Props) {
  const tableRef = useRef<HTMLTableElement>(null);
  const [focusDay, setFocusDay] = useState<string | null>(null);
  /** The day to focus once another month's grid is on screen (Page Up / Page Down). */
  const pendingFocus = useRef<string | null>(null);

  const figures = new Map((days ?? []).map((day) => [day.date, day]));
  const bestRevenue = Math.max(0, ...(days ?? []).map((day) => amountValue(day.revenue) ?? 0));

  const rovingDay =
    focusDay !== null && isDayInMonth(focusDay, month)
      ? focusDay
      : selected !== null && isDayInMonth(selected, month)
        ? selected
        : today !== undefined && isDayInMonth(today, month)
          ? today
          : dayOf(month, 1);

  const focusButton = (day: string) =>
    tableRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${day}"]`)?.focus();

  useEffect(() => {
    if (pendingFocus.current && isDayInMonth(pendingFocus.current, month)) {
      focusButton(pendingFocus.current);
      pendingFocus.current = null;
    }
  }, [month]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    if (event.key === 'PageUp' || event.key === 'PageDown') {
      const step = event.key === 'PageUp' ? -1 : 1;
      const next = addMonths(month, step);
      // The same day of the month, or the last one when the next month is shorter.
      const target = dayOf(next, Math.min(Number(day.slice(8, 10)), daysInMonth(next)));
      event.preventDefault();
      if (onStepMonth(step)) {
        pendingFocus.current = target;
        setFocusDay(target);
      }
      return;
    }
    const next = dayAfterKey(day, event.key, month);
    if (next === null) return;
    event.preventDefault();
    setFocusDay(next);
    focusButton(next);
  };

  return (
    <div>
      <table
        ref={tableRef}
        className="w-full table-fixed border-separate border-spacing-0.5 sm:border-spacing-1"
        aria-label={monthLabel(month)}
        aria-busy={loading}
        data-testid="calendar-grid"
      >
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th
                key={weekday.short}
                scope="col"
                title={weekday.long}
                className="pb-1 text-xs font-semibold tracking-wide text-char-700 uppercase sm:text-sm"
              >
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week[0]!.date}>
              {week.map((cell) =>
                cell.inMonth ? (
                  <td key={cell.date} className="p-0">
                    <DayButton
                      day={cell.date}
                      figures={figures.get(cell.date)}
                      bestRevenue={bestRevenue}
                      isToday={cell.date === today}
                      isSelected={cell.date === selected}
                      loading={loading}
                      tabbable={cell.date === rovingDay}
                      onSelect={() => {
                        setFocusDay(cell.date);
                        onSelect(cell.date);
                      }}
                      onKeyDown={(event) => onKeyDown(event, cell.date)}
                    />
                  </td>
                ) : (
                  // The neighbouring months' days are left blank.
                  <td key={cell.date} className="p-0" aria-hidden />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ShadeLegend />
    </div>
  );
}

function DayButton({
  day,
  figures,
  bestRevenue,
  isToday,
  isSelected,
  loading,
  tabbable,
  onSelect,
  onKeyDown,
}: {
  day: string;
  figures: CalendarDay | undefined;
  bestRevenue: number;
  isToday: boolean;
  isSelected: boolean;
  loading: boolean;
  tabbable: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  const orders = figures?.orders ?? 0;
  const step = shadeStep(orders, amountValue(figures?.revenue) ?? 0, bestRevenue);
  const revenue = figures && orders > 0 ? wholeEuro(figures.revenue) : null;
  return (
    <button
      type="button"
      data-day={day}
      data-testid={`calendar-day-${day}`}
      data-shade={step}
      aria-label={dayCellLabel(longDayLabel(day), figures, { isToday, loading })}
      aria-pressed={isSelected}
      aria-current={isToday ? 'date' : undefined}
      tabIndex={tabbable ? 0 : -1}
      onClick={onSelect}
      onKeyDown={onKeyDown}
      className={cn(
        'flex h-14 w-full min-w-0 flex-col items-stretch overflow-hidden rounded-lg px-0.5 py-1 text-left text-char-900 ring-1 ring-char-900/10 transition-shadow hover:ring-2 hover:ring-char-900/40 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-char-900 sm:h-20 sm:p-1.5 lg:h-24',
        SHADES[step],
        isSelected && 'ring-3 ring-char-900 hover:ring-3 hover:ring-char-900',
      )}
    >
      <span
        className={cn(
          'inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold tabular-nums sm:size-7 sm:text-sm',
          isToday && 'bg-char-900 text-white',
        )}
      >
        {Number(day.slice(8, 10))}
      </span>
      {isToday && (
        <span className="hidden text-[10px] leading-tight font-bold uppercase md:block">Today</span>
      )}
      <span className="mt-auto flex min-w-0 flex-col">
        {loading ? (
          <span className="h-3 w-3/4 animate-pulse rounded bg-char-900/10" />
        ) : (
          revenue !== null && (
            <>
              <span className="truncate text-[10px] leading-tight font-bold tracking-tight tabular-nums min-[400px]:text-[11px] sm:text-sm sm:tracking-normal">
                {revenue}
              </span>
              <span className="hidden truncate text-xs leading-tight sm:block">
                {ordersCount(orders)}
              </span>
            </>
          )
        )}
      </span>
    </button>
  );
}

function ShadeLegend() {
  return (
    <p className="mt-2 flex items-center justify-end gap-1.5 text-xs text-char-700">
      <span>Less</span>
      {SHADES.slice(1, SHADE_STEPS + 1).map((shade) => (
        <span
          key={shade}
          aria-hidden
          className={cn('size-3.5 rounded ring-1 ring-char-900/10', shade)}
        />
      ))}
      <span>More revenue</span>
      <span className="sr-only">
        : the darker a day, the closer its revenue to the month&apos;s best day.
      </span>
    </p>
  );
}
