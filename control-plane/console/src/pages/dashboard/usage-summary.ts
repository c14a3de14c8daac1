// With its extension: the server's tests import this file too (Node's module resolution).
import { formatMicroRmb } from '../../../../../shared/money.js';

const DAY_MS = 86_400_000;

/** Days the requests chart covers, today included. */
export const CHART_DAYS = 30;

/** A UTC calendar day as the API writes `UsageTotal.day`: YYYY-MM-DD. */
function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The days the dashboard reads usage for, all in UTC as the API counts days. */
export interface UsageWindow {
  /** Asked for as `myUsageTotals(filter: { from })`: the earlier of the month's first day and the chart's. */
  from: string;
  today: string;
  monthStart: string;
  /** The chart's days, oldest first, today last. */
  chartDays: string[];
}

/** The window for the moment `now` (ms). */
export function usageWindow(now: number): UsageWindow {
  const todayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const chartStart = todayStart - (CHART_DAYS - 1) * DAY_MS;
  const date = new Date(todayStart);
  const monthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  return {
    from: new Date(Math.min(chartStart, monthStart)).toISOString(),
    today: utcDay(todayStart),
    monthStart: utcDay(monthStart),
    chartDays: Array.from({ length: CHART_DAYS }, (_, i) => utcDay(chartStart + i * DAY_MS)),
  };
}

/** Totals of one day and model, as `myUsageTotals` answers. */
interface TotalRow {
  day: string;
  requests: number;
  chargeMicro: string;
}

/** What the dashboard shows of the usage totals. */
export interface UsageSummary {
  /** RMB decimal strings, summed exactly from the API's micro-RMB charges. */
  spentToday: string;
  spentThisMonth: string;
  /** Requests per chart day (aligned with `chartDays`). */
  requestsByDay: number[];
}

/** Sums the API's per-day-and-model totals into today's and this month's spend and requests per day. */
export function summariseUsage(rows: readonly TotalRow[], window: UsageWindow): UsageSummary {
  let today = 0n;
  let month = 0n;
  const byDay = new Map<string, number>();
  for (const row of rows) {
    const charge = BigInt(row.chargeMicro);
    if (row.day === window.today) today += charge;
    // YYYY-MM-DD strings order as the days do.
    if (row.day >= window.monthStart) month += charge;
    byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.requests);
  }
  return {
    spentToday: formatMicroRmb(today),
    spentThisMonth: formatMicroRmb(month),
    requestsByDay: window.chartDays.map((day) => byDay.get(day) ?? 0),
  };
}

/**
 * Where a chart day's bar goes: noon UTC, which falls on the same calendar date in every time
 * zone within twelve hours of UTC, so the axis (drawn in the viewer's zone) labels it right.
 */
export function chartMoment(day: string): number {
  return Date.parse(`${day}T12:00:00Z`);
}
