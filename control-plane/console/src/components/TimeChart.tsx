import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './TimeChart.css';
import { defineMessages } from '../i18n/i18n';
import { formatDateTime, formatUtcDay } from '../i18n/format';

/** One line (or bar) series of a time chart. */
export interface ChartSeries {
  label: string;
  /** One value per x, null where there is none. */
  values: (number | null)[];
  color: string;
  /** Draw as bars instead of a line. */
  bars?: boolean;
  /** How a value is shown in the legend and axis, e.g. as a percentage. */
  format?: (value: number) => string;
  /** Mark each value with a dot: in a sparse series a lone value between gaps draws no line. */
  points?: boolean;
  /** Bars only: a colour per bar instead of the series colour (canvas colours: hex or rgb, not CSS variables). */
  barColors?: string[];
  /** What the legend says of the value at an index (e.g. a day's whole story), instead of the formatted value. */
  describe?: (index: number) => string;
}

/** Props of a time chart: x values are moments (ms since the epoch), shown in the viewer's zone. */
export interface TimeChartProps {
  /** Moments in milliseconds, ascending. */
  times: number[];
  series: ChartSeries[];
  height?: number;
  /** Fixed y range, e.g. [0, 1] for rates. */
  yRange?: [number, number];
  /** What the chart shows, for screen readers. */
  ariaLabel: string;
  /** A strip without axes or time in the legend (e.g. one row of daily bars among many). */
  compact?: boolean;
  /** One value per UTC day (as the API counts days): ticks on whole UTC days, the legend names the day. */
  daily?: boolean;
}

/** Tick spacings of a daily chart, in seconds: one day to a month. */
const DAY_TICKS = [1, 2, 7, 14, 30].map((days) => days * 86_400);

const useMessages = defineMessages('timeChart', { time: 'Time', day: 'Day' }, { time: '时间', day: '日期' });

/**
 * A time-series chart drawn by uPlot, sized to its container's width and redrawn when that
 * changes (phone and laptop alike). The data also goes to screen readers as a label.
 */
export function TimeChart({ times, series, height = 220, yRange, ariaLabel, compact = false, daily = false }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const t = useMessages();
  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const format = series[0]?.format;
    // Bars are centred on their moment: without half a step of room at each end the first and last are cut in half.
    const barRoom = series.some((s) => s.bars) && times.length > 1 ? (times[1] - times[0]) / 2000 : 0;
    const options: uPlot.Options = {
      width: el.clientWidth || 300,
      height,
      series: [
        {
          label: t(daily ? 'day' : 'time'),
          // uPlot's own legend writes English and "--"; moments go out in the viewer's language and zone.
          value: (_u: uPlot, v: number | null) => (v == null ? '—' : daily ? formatUtcDay(new Date(v * 1000).toISOString()) : formatDateTime(new Date(v * 1000).toISOString())),
        },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          fill: s.bars ? s.color : undefined,
          width: s.bars ? 0 : 2,
          paths: s.bars ? uPlot.paths.bars!({ size: [0.7, 40], disp: s.barColors ? barFills(s.barColors) : undefined }) : undefined,
          points: { show: s.points ?? false, size: 6, fill: s.color },
          value: (_u: uPlot, v: number | null, _series: number, index: number | null) =>
            s.describe && index != null ? s.describe(index) : v == null ? '—' : s.format ? s.format(v) : String(v),
        })),
      ],
      scales: { x: { time: true, ...(barRoom > 0 ? { range: (_u, min, max) => [min - barRoom, max + barRoom] } : {}) }, y: yRange ? { range: yRange } : { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] } },
      ...(daily ? { tzDate: (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC') } : {}),
      axes: compact ? [{ show: false }, { show: false }] : [daily ? { incrs: DAY_TICKS } : {}, { values: (_u, splits) => splits.map((v) => (format ? format(v) : String(v))), size: 64 }],
      padding: compact ? [2, 0, 0, 0] : undefined,
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
    };
    const data: uPlot.AlignedData = [times.map((t) => t / 1000), ...series.map((s) => s.values)];
    const chart = new uPlot(options, data, el);
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth || 300, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [times, series, height, yRange, compact, daily, t]);
  return <div ref={box} role="img" aria-label={ariaLabel} className={compact ? 'time-chart-compact' : undefined} style={{ width: '100%', minHeight: height }} />;
}

/** uPlot's per-bar colour facet, indexed like the data (its unit enum is a const enum, unusable across isolated modules: 3 is "colour"). */
function barFills(colors: string[]): uPlot.Series.BarsPathBuilderDisplay {
  return { fill: { unit: 3 as uPlot.Series.BarsPathBuilderFacetUnit, values: () => colors } };
}
