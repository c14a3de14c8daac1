import type { GroupFormat } from '../../shared/formats.js';
import type { FailureKind, OutcomeAttempt, OutcomeCount } from '../../shared/health/outcome.js';
import type { AttemptRecord, SkipRecord } from '../relay/outcome.js';

/**
 * How a relay attempt counts for health: a success, a failure of some kind, or nothing (null)
 * when the upstream is not to blame: the client went away, the request could not be expressed
 * for the channel (no upstream call), or the upstream refused the request's content (400, 404,
 * 413, 422: the client's mistake passed through). Credential errors, 408 and 429 are the channel's.
 */
export function failureOf(record: AttemptRecord): FailureKind | null | 'skip' {
  switch (record.result) {
    case 'ok':
      return null;
    case 'connect':
    case 'timeout':
      return record.result;
    case 'cut':
      return 'cut_stream';
    case 'bad-response':
      return 'bad_response';
    case 'status': {
      const status = record.status ?? 0;
      if (status >= 500) return 'upstream_5xx';
      return [401, 403, 408, 429].includes(status) ? 'upstream_4xx' : 'skip';
    }
    default:
      return 'skip';
  }
}

/** The outcome of one finished relay attempt, or null when it does not count (see {@link failureOf}). */
export function outcomeOf(record: AttemptRecord, request: { model: string; format: GroupFormat; stream: boolean }, node: string): OutcomeAttempt | null {
  const failure = failureOf(record);
  if (failure === 'skip') return null;
  return {
    group: record.group,
    channel: record.channelId,
    model: request.model,
    node,
    format: request.format,
    stream: request.stream,
    failure,
    latencyMs: record.latencyMs ?? 0,
    ttfbMs: record.ttfbMs ?? null,
  };
}

/** A skipped candidate as a count under its key (`skip_breaker`, `skip_parked`, `skip_budget`). */
export function skipOutcomeOf(skip: SkipRecord, request: { model: string; format: GroupFormat; stream: boolean }, node: string): OutcomeCount {
  return { key: { group: skip.group, channel: skip.channelId, model: request.model, node, format: request.format, stream: request.stream }, metric: `skip_${skip.reason}`, n: 1 };
}
