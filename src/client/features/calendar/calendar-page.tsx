/**
 * Order Calendar at /calendar (spec back-office §2 "Order Calendar", §3 "Monthly and yearly
 * stats", §4, §7, §8, §9): a month grid starting on Sunday whose days show their revenue in
 * whole euro, the month's and the year's totals, and the selected day's orders.
 *
 * The month and the day are in the address (?month=2026-11&date=2026-11-24), so a reload or a
 * shared link keeps both; without ?month= the calendar shows the month that holds today, and
 * without ?date= it selects today when today is in that month. "Today" is the shop's today, as
 * GET /api/admin/stats reports it (the browser's clock may sit in another time zone).
 */
import { useState } from 'react';
import { RotateCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { AdminOrder } from '#shared/admin-dashboard/dashboard.schema.ts';
import { ORDER_SOURCES, PAYMENT_METHODS } from '#shared/orders/order-states.ts';
import { isValidTimeZone, shopToday } from '#shared/time/shop-time.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useShopTimeZone } from '#client/lib/back-office/shop-time-zone-query.ts';
import { OrderDetailsDialog } from '../admin-dashboard/index.ts';
import { isDayString } from '#client/lib/back-office/dashboard-day.ts';
import {
  useDayOrders,
  useMonthlyStats,
  useShopToday,
  useYearlyStats,
} from './api/calendar-queries.ts';
import { breakdownPaymentLabel, breakdownSourceLabel } from './calendar-format.ts';
import {
  addMonths,
  compareMonths,
  FIRST_MONTH,
  isDayInMonth,
  isSameMonth,
  LAST_MONTH,
  monthLabel,
  monthOfDay,
  monthParam,
  parseMonthParam,
  shortMonthLabel,
  type YearMonth,
} from './calendar-month.ts';
import { DayOrders } from './components/day-orders.tsx';
import { MonthBreakdown } from './components/month-breakdown.tsx';
import { MonthVat } from './components/month-vat.tsx';
import { MonthGrid } from './components/month-grid.tsx';
import { MonthNavigator } from './components/month-navigator.tsx';
import { PeriodTotals } from './components/period-totals.tsx';

/** Spec §8, word for word. */
const LOAD_ERROR = 'Error loading calendar data - Please refresh the page';

export function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const timeZone = useShopTimeZone();
  const todayStats = useShopToday();
  // Should the figures of today fail, the shop's clock read in the browser stands in.
  const today = todayStats.data?.date ?? (todayStats.isError ? browserToday(timeZone) : undefined);

  const dateParam = params.get('date');
  const askedDay = dateParam !== null && isDayString(dateParam) ? dateParam : null;
  const month =
    parseMonthParam(params.get('month')) ??
    (askedDay ? monthOfDay(askedDay) : today ? monthOfDay(today) : undefined);

  const update = (change: (next: URLSearchParams) => void, replace: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace },
    );
  // A new month starts without a selected day (today's, when it is that month).
  const selectMonth = (next: YearMonth) =>
    update((query) => {
      query.set('month', monthParam(next));
      query.delete('date');
    }, false);
  const thisMonth = () =>
    update((query) => {
      query.delete('month');
      query.delete('date');
    }, false);
  const selectDay = (day: string) =>
    update((query) => {
      query.set('month', monthParam(monthOfDay(day)));
      query.set('date', day);
    }, true);

  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="font-display text-2xl sm:text-3xl">Order Calendar</h1>
      <p className="mt-1 text-sm text-char-700">
        Orders and revenue per day, on the shop&apos;s calendar.
      </p>
      {month === undefined ? (
        <Spinner label="Loading the calendar" />
      ) : (
        <CalendarScreen
          month={month}
          today={today}
          askedDay={askedDay}
          timeZone={timeZone}
          onSelectMonth={selectMonth}
          onThisMonth={thisMonth}
          onSelectDay={selectDay}
        />
      )}
    </main>
  );
}

function CalendarScreen({
  month,
  today,
  askedDay,
  timeZone,
  onSelectMonth,
  onThisMonth,
  onSelectDay,
}: {
  month: YearMonth;
  today: string | undefined;
  askedDay: string | null;
  timeZone: string | undefined;
  onSelectMonth: (month: YearMonth) => void;
  onThisMonth: () => void;
  onSelectDay: (day: string) => void;
}) {
  const currentMonth = today ? monthOfDay(today) : undefined;
  const isCurrentMonth = currentMonth !== undefined && isSameMonth(month, currentMonth);
  const selected =
    askedDay !== null && isDayInMonth(askedDay, month)
      ? askedDay
      : today !== undefined && isDayInMonth(today, month)
        ? today
        : null;
  const selectedIsToday = selected !== null && selected === today;

  // Spec §9: every 30 s, but only what can still change (api/calendar-queries.ts): the
  // current month, the current year and today's orders. Past ones are fetched once.
  const monthly = useMonthlyStats(month, { poll: isCurrentMonth });
  const yearly = useYearlyStats(month.year, { poll: currentMonth?.year === month.year });
  const orders = useDayOrders(selected, { poll: selectedIsToday });
  const [viewing, setViewing] = useState<AdminOrder | null>(null);

  const monthFailed = monthly.isError && !monthly.data;
  const days = monthly.data?.days;
  const lastYearMonth = { year: month.year - 1, month: month.month };

  const stepMonth = (step: -1 | 1) => {
    const next = addMonths(month, step);
    if (compareMonths(next, FIRST_MONTH) < 0 || compareMonths(next, LAST_MONTH) > 0) return false;
    onSelectMonth(next);
    return true;
  };

  return (
    <>
      <div className="mt-5">
        <MonthNavigator
          month={month}
          currentMonth={currentMonth}
          onSelect={onSelectMonth}
          onThisMonth={onThisMonth}
        />
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_26rem]">
        <section
          aria-label="Days of the month"
          className="min-w-0 rounded-2xl bg-white p-2 shadow-sm ring-1 ring-char-900/10 sm:p-4"
        >
          {monthFailed ? (
            <div role="alert" className="p-8 text-center" data-testid="calendar-error">
              <p className="font-bold">{LOAD_ERROR}</p>
              <Button variant="outline" className="mt-4" onClick={() => void monthly.refetch()}>
                <RotateCw aria-hidden className="size-4" />
                Try again
              </Button>
            </div>
          ) : (
            <MonthGrid
              month={month}
              today={today}
              selected={selected}
              days={days}
              loading={monthly.isPending}
              onSelect={onSelectDay}
              onStepMonth={stepMonth}
            />
          )}
        </section>

        <DayOrders
          day={selected}
          isToday={selectedIsToday}
          figures={selected ? days?.find((day) => day.date === selected) : undefined}
          orders={orders}
          timeZone={timeZone}
          onView={setViewing}
        />
      </div>

      <section aria-labelledby="calendar-totals-heading" className="mt-6">
        <h2 id="calendar-totals-heading" className="font-display text-xl">
          Totals
        </h2>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          <PeriodTotals
            title={monthLabel(month)}
            caption="This month; revenue counts paid orders"
            totals={monthly.data}
            loading={monthly.isPending}
            testIdPrefix="calendar-month"
            lastYear={{
              label: `Last year (${shortMonthLabel(lastYearMonth)})`,
              totals: monthly.data?.lastYear,
            }}
          />
          <PeriodTotals
            title={String(month.year)}
            caption="The whole year; revenue counts paid orders"
            totals={yearly.data}
            loading={yearly.isPending}
            testIdPrefix="calendar-year"
          />
          <MonthBreakdown
            title={`${monthLabel(month)} by source`}
            keyHeader="Source"
            rows={monthly.data?.bySource}
            order={ORDER_SOURCES}
            label={breakdownSourceLabel}
            testIdPrefix="calendar-source"
            loading={monthly.isPending}
          />
          <MonthBreakdown
            title={`${monthLabel(month)} by payment method`}
            keyHeader="Payment method"
            rows={monthly.data?.byPaymentMethod}
            order={PAYMENT_METHODS}
            label={breakdownPaymentLabel}
            testIdPrefix="calendar-payment"
            loading={monthly.isPending}
          />
          <MonthVat
            title={`${monthLabel(month)} by VAT rate`}
            rows={monthly.data?.vat}
            loading={monthly.isPending}
          />
        </div>
      </section>

      <OrderDetailsDialog order={viewing} timeZone={timeZone} onClose={() => setViewing(null)} />
    </>
  );
}

/** Today on the shop's clock as the browser reads it (the browser's zone until it is known). */
function browserToday(timeZone: string | undefined): string {
  const zone =
    timeZone && isValidTimeZone(timeZone)
      ? timeZone
      : Intl.DateTimeFormat().resolvedOptions().timeZone;
  return shopToday(new Date(), zone);
}
