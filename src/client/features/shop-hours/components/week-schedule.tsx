import { Pencil } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/utils.ts';
import { WEEKDAYS, type Weekday, type WeekHours } from '#shared/shop-hours/shop-hours.ts';
import { DayHoursEditor } from './day-hours-editor.tsx';
import { dayName, openShiftTimes } from './shift-format.ts';
import { StatusBadge } from './status-badge.tsx';

interface Props {
  hours: WeekHours;
  /** Today in the shop's time zone, once the server has said. */
  today: Weekday | undefined;
  editing: Weekday | null;
  onEdit: (day: Weekday | null) => void;
}

/** Spec back-office §2: Monday to Sunday, today marked; one day is edited at a time (§4). */
export function WeekSchedule({ hours, today, editing, onEdit }: Props) {
  return (
    <section
      aria-labelledby="week-title"
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-char-900/10"
    >
      <h2 id="week-title" className="px-4 pt-4 pb-2 text-base font-bold">
        Weekly Schedule
      </h2>
      <ul className="divide-y divide-char-900/10">
        {WEEKDAYS.map((day) => {
          const times = openShiftTimes(hours[day]);
          const isToday = day === today;
          const isEditing = editing === day;
          return (
            <li
              key={day}
              aria-current={isToday ? 'date' : undefined}
              aria-label={dayName(day)}
              className={cn('px-4 py-2.5', isToday && 'bg-ember-50', isEditing && 'bg-stone-50')}
            >
              <div className="flex items-center gap-3">
                <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-0.5 sm:flex-nowrap">
                  <p className="flex items-center gap-2 font-semibold sm:w-44 sm:shrink-0">
                    {dayName(day)}
                    {isToday && <span className="text-sm font-bold text-ember-700">(Today)</span>}
                  </p>
                  <p className="sm:w-20 sm:shrink-0">
                    <StatusBadge open={times.length > 0}>
                      {times.length > 0 ? 'Open' : 'Closed'}
                    </StatusBadge>
                  </p>
                  <p
                    className={cn(
                      'w-full text-sm tabular-nums sm:w-auto',
                      times.length === 0 && 'text-char-700',
                    )}
                  >
                    {times.length > 0 ? times.join(', ') : 'Closed all day'}
                  </p>
                </div>
                {!isEditing && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="h-11 shrink-0 px-4 disabled:opacity-40"
                    onClick={() => onEdit(day)}
                    disabled={editing !== null}
                    aria-label={`Edit ${dayName(day)}`}
                  >
                    <Pencil aria-hidden className="size-4" />
                    Edit
                  </Button>
                )}
              </div>
              {isEditing && (
                <div className="mt-3">
                  <DayHoursEditor day={day} current={hours[day]} onDone={() => onEdit(null)} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
