import type { GroupFormat } from '../../shared/formats.js';
import type { OutcomeAttempt, OutcomeCount } from '../../shared/health/outcome.js';
import { failureKindOf } from '../../shared/wire/failure.js';
import type { AttemptRecord, SkipRecord } from '../relay/outcome.js';

/** The outcome of one finished relay attempt, or null when it does not count (see {@link failureKindOf}). */
export function outcomeOf(record: AttemptRecord, request: { model: string; format: GroupFormat; stream: boolean }, node: string): OutcomeAttempt | null {
  const failure = failureKindOf(record.result, record.status);
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
