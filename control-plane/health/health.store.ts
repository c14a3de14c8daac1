import type { MikroORM } from '@mikro-orm/postgresql';
import { failuresOf, type OutcomeKey, type OutcomeTotals } from '../../shared/health/outcome.js';

const HOUR_MS = 3600_000;

/** Start of the hour holding `ms`. */
export function hourStart(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

/** The hourly totals of one key, as folded. */
export interface HourRow {
  hour: Date;
  key: OutcomeKey;
  totals: OutcomeTotals;
}

/** Attempts of one group, channel and model over each of several spans of whole hours. */
export interface SpanRow {
  group: string;
  channel: string;
  model: string;
  /** Per requested span, in the requested order. */
  ok: number[];
  attempts: number[];
}

/** One bucket of a history series. */
export interface HistoryPoint {
  at: Date;
  ok: number;
  attempts: number;
  latencyMs: number;
  ttfbMs: number;
  ttfbN: number;
}

const FAILURES_SQL = 'connect + timeout + upstream_4xx + upstream_5xx + cut_stream + bad_response';

/** The hourly health history in PostgreSQL: idempotent writes, window sums, chart series, pruning. */
export class HealthStore {
  constructor(private readonly orm: MikroORM) {}

  /** Writes each row with its hour's totals, replacing what was there (re-folding never double counts). */
  async upsertHours(rows: HourRow[]): Promise<void> {
    if (rows.length === 0) return;
    const json = rows.map((r) => ({
      hour: r.hour.toISOString(),
      group_name: r.key.group,
      channel: r.key.channel,
      model: r.key.model,
      node: r.key.node,
      format: r.key.format,
      stream: r.key.stream,
      ok: r.totals.ok,
      connect: r.totals.connect,
      timeout: r.totals.timeout,
      upstream_4xx: r.totals.upstream_4xx,
      upstream_5xx: r.totals.upstream_5xx,
      cut_stream: r.totals.cut_stream,
      bad_response: r.totals.bad_response,
      latency_ms: r.totals.latency_ms,
      ttfb_ms: r.totals.ttfb_ms,
      ttfb_n: r.totals.ttfb_n,
    }));
    await this.orm.em.getConnection().execute(
      `insert into health_hourly (hour, group_name, channel, model, node, format, stream, ok, connect, timeout, upstream_4xx, upstream_5xx, cut_stream, bad_response, latency_ms, ttfb_ms, ttfb_n)
       select * from jsonb_to_recordset(?::jsonb) as r(hour timestamptz, group_name text, channel text, model text, node text, format text, stream boolean,
         ok int, connect int, timeout int, upstream_4xx int, upstream_5xx int, cut_stream int, bad_response int, latency_ms bigint, ttfb_ms bigint, ttfb_n int)
       on conflict (hour, group_name, channel, model, node, format, stream) do update set
         ok = excluded.ok, connect = excluded.connect, timeout = excluded.timeout, upstream_4xx = excluded.upstream_4xx,
         upstream_5xx = excluded.upstream_5xx, cut_stream = excluded.cut_stream, bad_response = excluded.bad_response,
         latency_ms = excluded.latency_ms, ttfb_ms = excluded.ttfb_ms, ttfb_n = excluded.ttfb_n`,
      [JSON.stringify(json)],
    );
  }

  /**
   * Per group, channel and model: successes and attempts over each span of whole hours ending
   * before `end` (each span starts at `end - hours * 1h`).
   */
  async spans(end: number, hours: number[]): Promise<SpanRow[]> {
    const starts = hours.map((h) => new Date(end - h * HOUR_MS));
    const earliest = new Date(Math.min(...starts.map((d) => d.getTime())));
    const cols = starts.map((_, i) => `sum(ok) filter (where hour >= ?) as ok${i}, sum(ok + ${FAILURES_SQL}) filter (where hour >= ?) as n${i}`).join(', ');
    const params = starts.flatMap((s) => [s, s]);
    const rows = await this.orm.em.getConnection().execute<Record<string, string | null>[]>(
      `select group_name, channel, model, ${cols} from health_hourly where hour >= ? and hour < ? group by 1, 2, 3`,
      [...params, earliest, new Date(end)],
    );
    return rows.map((r) => ({
      group: r.group_name!,
      channel: r.channel!,
      model: r.model!,
      ok: starts.map((_, i) => Number(r[`ok${i}`] ?? 0)),
      attempts: starts.map((_, i) => Number(r[`n${i}`] ?? 0)),
    }));
  }

  /**
   * A series of `granularity` buckets (UTC hours or days) over [from, to), one point per bucket
   * with data, oldest first; `where` narrows it to a group or a node.
   */
  async series(where: { group?: string; node?: string }, from: Date, to: Date, granularity: 'hour' | 'day'): Promise<HistoryPoint[]> {
    const filters = ['hour >= ?', 'hour < ?'];
    const params: unknown[] = [from, to];
    if (where.group !== undefined) {
      filters.push('group_name = ?');
      params.push(where.group);
    }
    if (where.node !== undefined) {
      filters.push('node = ?');
      params.push(where.node);
    }
    const rows = await this.orm.em.getConnection().execute<Record<string, string | Date>[]>(
      `select date_trunc('${granularity}', hour at time zone 'UTC') at time zone 'UTC' as at, sum(ok) as ok, sum(ok + ${FAILURES_SQL}) as attempts,
         sum(latency_ms) as latency_ms, sum(ttfb_ms) as ttfb_ms, sum(ttfb_n) as ttfb_n
       from health_hourly where ${filters.join(' and ')} group by 1 order by 1`,
      params,
    );
    return rows.map((r) => ({
      at: new Date(r.at as Date),
      ok: Number(r.ok),
      attempts: Number(r.attempts),
      latencyMs: Number(r.latency_ms),
      ttfbMs: Number(r.ttfb_ms),
      ttfbN: Number(r.ttfb_n),
    }));
  }

  /** Nodes that have history since `from`, in name order. */
  async nodesSince(from: Date): Promise<string[]> {
    const rows = await this.orm.em.getConnection().execute<{ node: string }[]>('select distinct node from health_hourly where hour >= ? order by node', [from]);
    return rows.map((r) => r.node);
  }

  /** The format and stream mode most attempts of `group` used since `from`; null without traffic. */
  async trafficMode(group: string, from: Date): Promise<{ format: string; stream: boolean } | null> {
    const rows = await this.orm.em.getConnection().execute<{ format: string; stream: boolean }[]>(
      `select format, stream from health_hourly where group_name = ? and hour >= ? and node <> 'probe'
       group by 1, 2 order by sum(ok + ${FAILURES_SQL}) desc, 1, 2 limit 1`,
      [group, from],
    );
    return rows[0] ?? null;
  }

  /** Deletes hours before `before`; returns how many rows went. */
  async prune(before: Date): Promise<number> {
    const res = await this.orm.em.getConnection().execute<{ affectedRows: number }>('delete from health_hourly where hour < ?', [before], 'run');
    return res.affectedRows;
  }
}

/** Successes and attempts of `t`. */
export function tallyOf(t: OutcomeTotals): { ok: number; attempts: number } {
  return { ok: t.ok, attempts: t.ok + failuresOf(t) };
}
