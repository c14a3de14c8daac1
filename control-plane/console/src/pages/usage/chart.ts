import { addDays } from './filters';

/** What the chart plots per day. */
export type UsageMetric = 'spend' | 'requests' | 'tokens';

/** One day's totals of one model, as `myUsageTotals` answers. */
export interface DayTotal {
  day: string;
  model: string;
  requests: number;
  promptTokens: string;
  outputTokens: string;
  images: number;
  videoSeconds: number;
  chargeMicro: string;
}

/** A model's totals over the period, summed exactly. */
export interface ModelTotal {
  model: string;
  requests: number;
  promptTokens: bigint;
  outputTokens: bigint;
  images: number;
  videoSeconds: number;
  chargeMicro: bigint;
}

/** Models shown as their own series; the rest are summed into "other". */
export const TOP_MODELS = 5;

/** Per model over the period, the dearest first (then the busiest, then by name). */
export function modelTotals(days: readonly DayTotal[]): ModelTotal[] {
  const byModel = new Map<string, ModelTotal>();
  for (const d of days) {
    const m = byModel.get(d.model) ?? { model: d.model, requests: 0, promptTokens: 0n, outputTokens: 0n, images: 0, videoSeconds: 0, chargeMicro: 0n };
    m.requests += d.requests;
    m.images += d.images;
    m.videoSeconds += d.videoSeconds;
    m.promptTokens += BigInt(d.promptTokens);
    m.outputTokens += BigInt(d.outputTokens);
    m.chargeMicro += BigInt(d.chargeMicro);
    byModel.set(d.model, m);
  }
  return [...byModel.values()].sort((a, b) => (a.chargeMicro === b.chargeMicro ? b.requests - a.requests || a.model.localeCompare(b.model) : a.chargeMicro > b.chargeMicro ? -1 : 1));
}

/** The sum of every model's totals. */
export function grandTotal(models: readonly ModelTotal[]): ModelTotal {
  return models.reduce(
    (sum, m) => ({
      model: '',
      requests: sum.requests + m.requests,
      promptTokens: sum.promptTokens + m.promptTokens,
      outputTokens: sum.outputTokens + m.outputTokens,
      images: sum.images + m.images,
      videoSeconds: sum.videoSeconds + m.videoSeconds,
      chargeMicro: sum.chargeMicro + m.chargeMicro,
    }),
    { model: '', requests: 0, promptTokens: 0n, outputTokens: 0n, images: 0, videoSeconds: 0, chargeMicro: 0n },
  );
}

/** Every day from `first` to `last` (`YYYY-MM-DD`, both included), at most `limit` of them. */
export function daySpan(first: string, last: string, limit = 400): string[] {
  const out: string[] = [];
  for (let day = first; day <= last && out.length < limit; day = addDays(day, 1)) out.push(day);
  return out;
}

/** One series of the chart: a model, or the others together (`model` null). */
export interface MetricSeries {
  model: string | null;
  values: number[];
}

function amount(d: DayTotal, metric: UsageMetric): bigint {
  if (metric === 'spend') return BigInt(d.chargeMicro);
  if (metric === 'requests') return BigInt(d.requests);
  return BigInt(d.promptTokens) + BigInt(d.outputTokens);
}

/**
 * The chart's series over `days`: the top models alone and the rest summed ("other"), each day's
 * value summed exactly and only then turned into a plain number for drawing (spend in RMB). The
 * exact amounts are in the totals table beside it.
 */
export function metricSeries(totals: readonly DayTotal[], days: readonly string[], metric: UsageMetric, top = TOP_MODELS): MetricSeries[] {
  const ranked = modelTotals(totals).map((m) => m.model);
  const shown = ranked.slice(0, top);
  const others = ranked.length > top;
  const index = new Map(days.map((d, i) => [d, i]));
  const sums = new Map<string | null, bigint[]>([...shown, ...(others ? [null] : [])].map((m) => [m, days.map(() => 0n)]));
  for (const t of totals) {
    const i = index.get(t.day);
    if (i === undefined) continue;
    const row = sums.get(shown.includes(t.model) ? t.model : null)!;
    row[i] += amount(t, metric);
  }
  // Drawing needs numbers; spend is drawn in RMB.
  const toNumber = (v: bigint) => (metric === 'spend' ? Number(v) / 1e6 : Number(v));
  return [...sums.entries()].map(([model, values]) => ({ model, values: values.map(toNumber) }));
}
