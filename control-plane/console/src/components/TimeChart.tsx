import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

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
}

/**
 * A time-series chart drawn by uPlot, sized to its container's width and redrawn when that
 * changes (phone and laptop alike). The data also goes to screen readers as a label.
 */
export function TimeChart({ times, series, height = 220, yRange, ariaLabel }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
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
        {},
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          fill: s.bars ? s.color : undefined,
          width: s.bars ? 0 : 2,
          paths: s.bars ? uPlot.paths.bars!({ size: [0.7, 40] }) : undefined,
          points: { show: s.points ?? false, size: 6, fill: s.color },
          value: (_u: uPlot, v: number | null) => (v == null ? '—' : s.format ? s.format(v) : String(v)),
        })),
      ],
      scales: { x: { time: true, ...(barRoom > 0 ? { range: (_u, min, max) => [min - barRoom, max + barRoom] } : {}) }, y: yRange ? { range: yRange } : { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] } },
      axes: [{}, { values: (_u, splits) => splits.map((v) => (format ? format(v) : String(v))), size: 64 }],
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
  }, [times, series, height, yRange]);
  return <div ref={box} role="img" aria-label={ariaLabel} style={{ width: '100%', minHeight: height }} />;
}
