// With its extension: the server's tests import this file too (Node's module resolution).
import type { AvailabilityHistoryQuery, HealthGranularity } from '../../gql/availability/graphql.js';

/** The two history views: the last 24 hours by hour, the last 30 days by day. */
export type HistoryPeriod = 'day' | 'month';

/** Search parameters that open the history of a group (so it can be linked to and closed with Back). */
export const HISTORY_PARAMS = { group: 'history', period: 'period' } as const;

/** The page address (search part) showing `group`'s history over `period`. */
export function historyLink(group: string, period: HistoryPeriod): string {
  return `?${new URLSearchParams({ [HISTORY_PARAMS.group]: group, [HISTORY_PARAMS.period]: period }).toString()}`;
}

/** A period as the API is asked for it: whole UTC hours or days up to the current one, and each bucket's start. */
export interface PeriodRange {
  from: string;
  to: string;
  granularity: HealthGranularity;
  /** Every bucket's start (ms), oldest first: the chart's x values, buckets without traffic included. */
  slots: number[];
}

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** The range of `period` ending with the bucket that holds `now`. */
export function periodRange(period: HistoryPeriod, now: number): PeriodRange {
  const [size, count, granularity]: [number, number, HealthGranularity] = period === 'day' ? [HOUR_MS, 24, 'HOUR'] : [DAY_MS, 30, 'DAY'];
  const end = Math.floor(now / size) * size + size;
  const start = end - count * size;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString(), granularity, slots: Array.from({ length: count }, (_, i) => start + i * size) };
}

/** Chart columns: one value per slot, null where the API reported no traffic. */
export interface HistoryColumns {
  rate: (number | null)[];
  requests: (number | null)[];
  latencyMs: (number | null)[];
  ttfbMs: (number | null)[];
  /** Whether any bucket had traffic. */
  any: boolean;
}

/** Lines the API's buckets (traffic only) up with the slots. */
export function historyColumns(points: AvailabilityHistoryQuery['groupHealthHistory'], slots: number[]): HistoryColumns {
  const byStart = new Map(points.map((p) => [Date.parse(p.at), p]));
  const pick = <T>(read: (p: AvailabilityHistoryQuery['groupHealthHistory'][number]) => T | null) => slots.map((s) => (byStart.has(s) ? read(byStart.get(s)!) : null));
  return {
    rate: pick((p) => p.success.rate),
    requests: pick((p) => p.success.requests),
    latencyMs: pick((p) => p.meanLatencyMs),
    ttfbMs: pick((p) => p.meanTtfbMs),
    any: points.some((p) => p.success.requests > 0),
  };
}
