/**
 * Visitors and page views per day, drawn by uPlot (a ~50 KB canvas chart). Loaded on its own
 * only when the Overview shows it, so neither the storefront nor the dashboard carries it.
 *
 * The canvas says nothing to a screen reader: the caller wraps it in role="img" with a summary,
 * and Detailed Stats is its table.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { RangeAnalytics } from '#shared/analytics/analytics.schema.ts';
import { formatCount, formatDay, formatShortDay } from '../analytics-format.ts';

const HEIGHT = 240;
const DAY_S = 86_400;
// The theme's ember-700 and char-700 (src/client/styles.css); a canvas cannot read classes.
const VISITORS_COLOUR = '#c2410c';
const PAGE_VIEWS_COLOUR = '#3a322d';
const GRID = { stroke: 'rgba(28, 25, 23, 0.08)', width: 1 };
const AXIS_FONT = '12px "Inter Variable", ui-sans-serif, system-ui, sans-serif';

const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

function chartData(dailyStats: RangeAnalytics['dailyStats']): uPlot.AlignedData {
  return [
    dailyStats.map((day) => secondsOf(day.date)),
    dailyStats.map((day) => day.visitors),
    dailyStats.map((day) => day.pageViews),
  ];
}

function chartOptions(width: number): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    // Days are calendar days: keep them in UTC, where they were placed.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: {
      x: { time: true },
      y: { range: (_self, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
    },
    series: [
      {
        label: 'Day',
        value: (_self, seconds) => (seconds == null ? '–' : formatDay(dayOf(seconds))),
      },
      {
        label: 'Visitors',
        stroke: VISITORS_COLOUR,
        fill: 'rgba(194, 65, 12, 0.08)',
        width: 2,
        points: { size: 6 },
        value: (_self, count) => (count == null ? '–' : formatCount(count)),
      },
      {
        label: 'Page views',
        stroke: PAGE_VIEWS_COLOUR,
        width: 2,
        dash: [6, 4],
        points: { size: 6 },
        value: (_self, count) => (count == null ? '–' : formatCount(count)),
      },
    ],
    axes: [
      {
        stroke: PAGE_VIEWS_COLOUR,
        font: AXIS_FONT,
        grid: GRID,
        ticks: GRID,
        space: 56,
        incrs: [1, 2, 7, 14, 28, 56, 91].map((days) => days * DAY_S),
        values: (_self, splits) => splits.map((seconds) => formatShortDay(dayOf(seconds))),
      },
      {
        stroke: PAGE_VIEWS_COLOUR,
        font: AXIS_FONT,
        grid: GRID,
        ticks: GRID,
        size: 48,
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 50_000, 100_000],
        values: (_self, splits) => splits.map((count) => formatCount(count)),
      },
    ],
    cursor: { drag: { x: false, y: false } },
  };
}

export function VisitorsChart({ dailyStats }: { dailyStats: RangeAnalytics['dailyStats'] }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);

  // One chart per mount; new data is set into it.
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const plot = new uPlot(chartOptions(element.clientWidth || 320), [[], [], []], element);
    chart.current = plot;
    const observer = new ResizeObserver(() => {
      const width = element.clientWidth;
      if (width > 0 && width !== plot.width) plot.setSize({ width, height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setData(chartData(dailyStats));
  }, [dailyStats]);

  return <div ref={host} className="w-full min-w-0 overflow-hidden [&_.u-legend]:text-xs" />;
}
