import type { WireFormat } from '../../shared/formats.js';
import type { ChannelKind } from '../../shared/snapshot/types.js';
import type { SkipReason } from '../routing/router.js';
import type { AttemptTiming } from '../../shared/wire/attempt.js';
import type { AttemptResult } from '../../shared/wire/failure.js';

/**
 * One upstream attempt (every attempt counts for health, not only the last: Redis contract 5),
 * with what the attempt measured (status, time to the headers, the whole attempt).
 */
export interface AttemptRecord extends AttemptTiming {
  group: string;
  channelId: string;
  kind: ChannelKind;
  upstreamFormat?: WireFormat;
  result: AttemptResult;
}

/** A candidate channel the relay did not try, and why (README "Routing"). */
export interface SkipRecord {
  group: string;
  channelId: string;
  reason: SkipReason;
}

/**
 * What the relay stage leaves for the metering stage: the group that served (and is charged),
 * the channel, every attempt, and how far the answer got to the client.
 */
export interface RelayOutcome {
  attempts: AttemptRecord[];
  /** Candidates skipped without a call (breaker open, parked, retry budget spent). */
  skipped: SkipRecord[];
  /** The attempt that answered the client (success or a non-retryable upstream error). */
  served?: AttemptRecord;
  /** True once a byte of the answer reached the client. */
  committed: boolean;
  /** True when the answer was delivered whole (a stream ended normally). */
  completed: boolean;
}
