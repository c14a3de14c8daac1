/**
 * One request's walk over its candidate channels as routing sees it, shared by the relay and the
 * media endpoints: which candidates may be called now (breakers, parking, the retry budget), what
 * a call teaches the node's routing state, and what the client hears when no channel answered:
 * 429 with the soonest time to come back when every candidate was parked or rate limited, else
 * the last failure, else 503. Each skip and each failed call is logged at `debug` with why.
 */
import type { SnapshotGroup } from '../../shared/snapshot/types.js';
import { createLogger } from '../../shared/log.js';
import { GatewayError } from '../../shared/wire/errors.js';
import { KeyRejected, type UpstreamFailure } from '../../shared/wire/failure.js';
import type { SkipRecord } from '../relay/outcome.js';
import type { Router, SkipReason } from './router.js';

const log = createLogger('routing');

/** The routing side of one request: make one per request (it counts the request for the retry budget). */
export class RequestRouting {
  /** The soonest a parked (or rate-limited) candidate may be asked again. */
  private parkedUntil = Infinity;
  /** Whether every candidate so far was parked or rate limited. */
  private onlyParked = true;
  private firstCallAt = 0;
  private channelsCalled = 0;

  constructor(
    private readonly router: Router,
    private readonly model: string,
    /** Told of every candidate passed over without a call. */
    private readonly onSkip: (skip: SkipRecord) => void,
    private readonly requestId?: string,
  ) {
    router.budget.request();
  }

  /**
   * May `channelId` be tried now (the `allow` of candidateChannels)? Records why not. A half-open
   * breaker's probe is taken when it may: a channel then not called must be given to `unsuited`.
   */
  readonly allow = (channelId: string, group: SnapshotGroup): boolean => {
    const reason = this.router.skipReason(channelId, this.model);
    if (reason === null) return true;
    // A breaker opened by 429s is a rate limit too: the client hears 429, not "nothing available".
    const until = reason === 'parked' ? this.router.parking.parkedUntil(channelId, this.model) : this.router.breakers.rateLimitedUntil(channelId, this.model);
    this.parked(until);
    this.skip(group.name, channelId, reason);
    return false;
  };

  /**
   * Before calling a channel `allow` let through, after the first: does the retry budget allow
   * another channel? When not, the skip is recorded and the channel's probe freed: stop walking.
   */
  mayCall(group: string, channelId: string): boolean {
    if (this.channelsCalled === 0) {
      this.firstCallAt = this.router.now();
      return true;
    }
    const limit = this.router.budget.retry(this.firstCallAt, this.channelsCalled);
    if (limit === null) return true;
    this.router.breakers.release(channelId, this.model);
    this.skip(group, channelId, 'budget');
    log.debug('retry budget spent', { requestId: this.requestId, model: this.model, limit });
    return false;
  }

  /** A channel `mayCall` allowed was called (its attempts count toward the request's budget). */
  called(): void {
    this.channelsCalled += 1;
  }

  /** `allow` let the channel through, but it cannot take this request (nothing reached it): its probe is freed. */
  unsuited(channelId: string): void {
    this.router.breakers.release(channelId, this.model);
    this.onlyParked = false;
  }

  /** The channel answered: its breakers close and its score takes the success. */
  succeeded(channelId: string, ttfbMs?: number): void {
    this.router.breakers.success(channelId, this.model);
    this.router.scores.observe(channelId, this.model, true, ttfbMs);
  }

  /**
   * A called channel's turn ended without an answer, on `failure` (undefined: it had no usable
   * key). A rejected key, or none, is no fault of the channel: its breaker is left as it is (a
   * probe it took freed) and the client is not told to come back later for it. Any other failure
   * teaches the routing state (Router.learn).
   */
  ended(channelId: string, failure: UpstreamFailure | undefined): void {
    if (failure === undefined || failure instanceof KeyRejected) {
      this.unsuited(channelId);
      return;
    }
    const { parkedUntil, counts } = this.router.learn(channelId, this.model, failure);
    log.debug('upstream attempt failed', { requestId: this.requestId, channel: channelId, model: this.model, result: failure.result, status: failure.status, counts });
    this.parked(parkedUntil);
  }

  /**
   * The client's error once no channel answered: 429 with the soonest `Retry-After` when every
   * candidate was parked or rate limited, else the last failure's, else 503.
   */
  exhausted(last: UpstreamFailure | undefined): GatewayError {
    if (this.onlyParked && this.parkedUntil !== Infinity) {
      // Every candidate asked to be left alone for a while: the client learns when to come back.
      const retryAfterSeconds = Math.max(1, Math.ceil((this.parkedUntil - this.router.now()) / 1000));
      return new GatewayError('rate_limit', `Every channel serving '${this.model}' is rate limited by its upstream right now; retry after ${retryAfterSeconds} s`, 429, { retryAfterSeconds });
    }
    return last?.clientError ?? new GatewayError('unavailable', `No channel is available for model '${this.model}' right now`);
  }

  /** A candidate left alone until `until` (undefined: skipped or failed for another reason). */
  private parked(until: number | undefined): void {
    if (until === undefined) this.onlyParked = false;
    else this.parkedUntil = Math.min(this.parkedUntil, until);
  }

  private skip(group: string, channelId: string, reason: SkipReason): void {
    if (reason === 'budget') this.onlyParked = false;
    this.onSkip({ group, channelId, reason });
    log.debug('candidate skipped', { requestId: this.requestId, group, channel: channelId, model: this.model, reason });
  }
}
