/**
 * The breakers routing consults: one per channel (failures that belong to the channel: it cannot
 * be reached, its credentials are refused, it times out across models) and one per channel and
 * model (failures that belong to one model: its 5xx, an in-stream error, a model-level 429). An
 * open breaker of one model never blocks another model of the same channel.
 */
import { CircuitBreakers, DEFAULT_BREAKER_OPTIONS, type BreakerOptions, type BreakerState } from '../relay/circuit-breaker.js';
import type { FailureScope } from './failure-scope.js';

const SEP = '\u001f';
const RATE_LIMIT = 'rate-limit';

/** A breaker as metrics read it: `model` null for a channel's own breaker. */
export interface BreakerEntry {
  channelId: string;
  model: string | null;
  state: BreakerState;
  openUntil: number | null;
  recentFailures: number;
}

/** Channel breakers and channel+model breakers, with one clock and one set of thresholds. */
export class RoutingBreakers {
  private readonly channels: CircuitBreakers;
  private readonly models: CircuitBreakers;

  constructor(options: BreakerOptions = DEFAULT_BREAKER_OPTIONS, now: () => number = Date.now) {
    this.channels = new CircuitBreakers(options, now);
    this.models = new CircuitBreakers(options, now);
  }

  /**
   * May a request for `model` go to `channelId` now? Without a model: the channel's own breaker
   * only. Half-open breakers let one probe through; a probe taken here and not used must be released.
   */
  allow(channelId: string, model?: string): boolean {
    if (!this.channels.allow(channelId)) return false;
    if (model === undefined || this.models.allow(channelId + SEP + model)) return true;
    this.channels.release(channelId);
    return false;
  }

  /** The channel answered for `model`: both breakers close. */
  success(channelId: string, model: string): void {
    this.channels.success(channelId);
    this.models.success(channelId + SEP + model);
  }

  /** `allow` let a request through that never reached the upstream: free any probe it took. */
  release(channelId: string, model: string): void {
    this.channels.release(channelId);
    this.models.release(channelId + SEP + model);
  }

  /**
   * Counts a failure where it belongs: `channel` on the channel; `model` on the model; `spread`
   * (a timeout or a reset, which may be either) on the model, and on the channel once such
   * failures come from two models or more. `rateLimited`: the failure was a 429 (see `rateLimitedUntil`).
   */
  failure(channelId: string, model: string, scope: FailureScope, rateLimited = false): void {
    if (scope === 'channel') {
      this.channels.failure(channelId);
      // A model probe that found the channel down must not stay taken.
      this.models.release(channelId + SEP + model);
      return;
    }
    this.models.failure(channelId + SEP + model, undefined, rateLimited ? RATE_LIMIT : undefined);
    if (scope === 'spread') this.channels.failure(channelId, model);
    // The upstream answered about the model: the channel itself is reachable.
    else this.channels.success(channelId);
  }

  /**
   * When `model`'s breaker on `channelId` is open because the upstream kept answering 429: until
   * when (the client is then told it is rate limited, not that nothing is available).
   */
  rateLimitedUntil(channelId: string, model: string): number | undefined {
    if (this.channels.openInfo(channelId)) return undefined;
    const info = this.models.openInfo(channelId + SEP + model);
    return info?.cause === RATE_LIMIT ? info.until : undefined;
  }

  /** The state of a channel's breaker, or with `model` of that model's breaker on the channel. */
  state(channelId: string, model?: string): BreakerState {
    return model === undefined ? this.channels.state(channelId) : this.models.state(channelId + SEP + model);
  }

  /** Every breaker that has failures counted or is not closed. */
  list(): BreakerEntry[] {
    const channels = this.channels.list().map((v) => ({ ...v, channelId: v.id, model: null }));
    const models = this.models.list().map((v) => {
      const [channelId, model] = v.id.split(SEP);
      return { ...v, channelId, model };
    });
    return [...channels, ...models].map(({ channelId, model, state, openUntil, recentFailures }) => ({ channelId, model, state, openUntil, recentFailures }));
  }
}
