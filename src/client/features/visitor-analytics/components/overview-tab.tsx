import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { z } from 'zod';
import type { RangeAnalytics } from '#shared/analytics/analytics.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/form-fields.tsx';
import { Form } from '#client/components/ui/form.tsx';
import type { DateRange } from '../api/analytics-queries.ts';
import {
  chartSummary,
  formatAverage,
  formatCount,
  funnelSteps,
  rangeError,
} from '../analytics-format.ts';
import { PeriodNote, WithRange } from './range-status.tsx';
import { TodayFigures } from './today-figures.tsx';

// The chart library loads only here. A chunk that cannot load (offline) leaves a note, not an
// error screen: the same numbers are in Detailed Stats.
const VisitorsChart = lazy(() =>
  import('./visitors-chart.tsx').then(
    (module) => ({ default: module.VisitorsChart }),
    () => ({ default: ChartUnavailable }),
  ),
);

interface Props {
  range: UseQueryResult<RangeAnalytics>;
  today: string;
  onApplyRange: (range: DateRange) => void;
}

/** Spec: Today's Activity cards and a Custom Date Range Analysis (From, To, Update Range). */
export function OverviewTab({ range, today, onApplyRange }: Props) {
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="analytics-today-heading" className="flex flex-col gap-3">
        <h3 id="analytics-today-heading" className="text-lg font-extrabold">
          Today&apos;s Activity
        </h3>
        <TodayFigures testIdPrefix="today" inPanel />
      </section>

      <section aria-labelledby="analytics-range-heading" className="flex flex-col gap-3">
        <h3 id="analytics-range-heading" className="text-lg font-extrabold">
          Custom Date Range Analysis
        </h3>
        <RangeForm shown={range.data} today={today} onApply={onApplyRange} />
        <WithRange query={range}>
          {(data) => (
            <>
              <PeriodNote range={data} />
              <RangeFigures range={data} />
              <VisitorsChartFigure range={data} />
              <Funnel funnel={data.funnel} />
            </>
          )}
        </WithRange>
      </section>
    </div>
  );
}

/**
 * The From/To pair as the form holds it, read into the range asked for; a problem is one message
 * for the pair (`range`), shown below both.
 */
const rangeFormSchema = z
  .object({ from: z.string(), to: z.string() })
  .transform(({ from, to }, ctx): DateRange => {
    const problem = rangeError(from, to);
    if (problem) {
      ctx.addIssue({ code: 'custom', path: ['range'], message: problem });
      return z.NEVER;
    }
    return { startDate: from, endDate: to };
  });

function RangeForm({
  shown,
  today,
  onApply,
}: {
  shown: RangeAnalytics | undefined;
  today: string;
  onApply: (range: DateRange) => void;
}) {
  const id = useId();
  // Until the admin picks a date, the inputs show the period on screen (the server's default
  // seven days at first): a date not changed here follows it.
  const values = { from: shown?.startDate ?? '', to: shown?.endDate ?? '' };

  return (
    <Form
      schema={rangeFormSchema}
      defaultValues={values}
      options={{ values, resetOptions: { keepDirtyValues: true, keepErrors: true } }}
      onSubmit={onApply}
      aria-label="Date range"
      className="flex flex-col gap-2 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-char-900/10"
    >
      <RangeFields id={id} today={today} />
    </Form>
  );
}

function RangeFields({ id, today }: { id: string; today: string }) {
  const { register } = useFormContext<z.input<typeof rangeFormSchema>>();
  const { errors } = useFormState();
  const message = (errors.range as { message?: string } | undefined)?.message;
  const aria = {
    'aria-invalid': Boolean(message),
    'aria-describedby': message ? `${id}-error` : undefined,
  };
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-from`} className="text-sm font-bold">
            From
          </label>
          <Input
            id={`${id}-from`}
            type="date"
            max={today}
            {...aria}
            {...register('from')}
            className="h-11 min-w-0 px-3"
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-to`} className="text-sm font-bold">
            To
          </label>
          <Input
            id={`${id}-to`}
            type="date"
            max={today}
            {...aria}
            {...register('to')}
            className="h-11 min-w-0 px-3"
          />
        </div>
        <Button type="submit" variant="dark" className="col-span-2 sm:col-span-1">
          Update Range
        </Button>
      </div>
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-700">
          {message}
        </p>
      )}
    </>
  );
}

function RangeFigures({ range }: { range: RangeAnalytics }) {
  const figures = [
    {
      label: 'Unique visitors',
      value: formatCount(range.uniqueVisitors),
      testId: 'range-unique-visitors',
    },
    { label: 'Page views', value: formatCount(range.totalPageViews), testId: 'range-page-views' },
    {
      label: 'Pages per visitor',
      value: formatAverage(range.averagePageViewsPerVisitor),
      testId: 'range-average-pages',
    },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2">
      {figures.map((figure) => (
        <div
          key={figure.testId}
          className="min-w-0 rounded-xl bg-white p-3 shadow-sm ring-1 ring-char-900/10"
        >
          <dt className="text-xs font-semibold text-char-700">{figure.label}</dt>
          <dd
            className="mt-0.5 font-display text-xl tabular-nums break-all sm:text-2xl"
            data-testid={figure.testId}
          >
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function VisitorsChartFigure({ range }: { range: RangeAnalytics }) {
  return (
    <figure className="flex flex-col gap-2 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-char-900/10">
      <figcaption className="text-sm font-bold">Visitors and page views per day</figcaption>
      <div
        role="img"
        aria-label={chartSummary(range)}
        data-testid="visitors-chart"
        className="min-h-72"
      >
        <Suspense
          fallback={
            <p className="grid h-72 place-items-center text-sm text-char-700">Loading chart...</p>
          }
        >
          <VisitorsChart dailyStats={range.dailyStats} />
        </Suspense>
      </div>
    </figure>
  );
}

function ChartUnavailable() {
  return (
    <p className="grid h-72 place-items-center px-4 text-center text-sm text-char-700">
      The chart could not load. Detailed Stats has the same numbers.
    </p>
  );
}

function Funnel({ funnel }: { funnel: RangeAnalytics['funnel'] }) {
  const steps = funnelSteps(funnel);
  return (
    <section
      aria-labelledby="analytics-funnel-heading"
      className="flex flex-col gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-char-900/10"
    >
      <div>
        <h4 id="analytics-funnel-heading" className="text-sm font-bold">
          Conversion funnel
        </h4>
        <p className="text-xs text-char-700">
          Visitors at each step who did every step before it that day, as a share of those who saw
          the menu (the shop&apos;s page or a table&apos;s). Staff signed in are not counted.
        </p>
      </div>
      <ol className="flex flex-col gap-3">
        {steps.map((step) => (
          <li key={step.key} data-testid={`funnel-${step.key}`}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-semibold">{step.label}</span>
              <span className="tabular-nums whitespace-nowrap">
                <span className="font-bold" data-testid={`funnel-${step.key}-count`}>
                  {formatCount(step.count)}
                </span>{' '}
                <span className="text-char-700" data-testid={`funnel-${step.key}-percent`}>
                  ({step.percent}%)
                </span>
              </span>
            </div>
            <div aria-hidden className="mt-1 h-3 overflow-hidden rounded-full bg-char-900/5">
              <div
                className="h-full rounded-full bg-ember-600"
                style={{ width: `${Math.min(100, step.percent)}%` }}
              />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
