/**
 * Everything a data plane learns about its upstreams while routing, in one place: breakers per
 * channel and per channel and model, parked channels, the decaying averages behind the adaptive
 * weights, prompt-cache pins, the retry budget and the cache-read share per channel. All in
 * memory (each node judges its own traffic), all on one injected clock. `view()` is the small
 * read API for metrics and status pages.
 */
import type { UpstreamFailure } from '../../shared/wire/failure.js';
import { DEFAULT_BREAKER_OPTIONS, type BreakerOptions } from '../relay/circuit-breaker.js';
import { AffinityTable } from './affinity.js';
import { ChannelScores, DEFAULT_ADAPTIVE_OPTIONS, type AdaptiveOptions, type ChannelScore } from './adaptive-weights.js';
import { RoutingBreakers, type BreakerEntry } from './breakers.js';
import { backOffOf, scopeOf } from './failure-scope.js';
import { Parking, type ParkedEntry } from './parking.js';
import { DEFAULT_RETRY_BUDGET, RetryBudget, type RetryBudgetOptions } from './retry-budget.js';

/** Why a candidate channel was not tried. */
export type SkipReason = 'breaker' | 'parked' | 'budget';

/** Routing settings (environment: see README "Routing"). */
export interface RouterOptions {
  breakers: BreakerOptions;
  adaptive: AdaptiveOptions;
  budget: RetryBudgetOptions;
  /** How long a conversation stays pinned after its last request, ms (0: no affinity). */
  affinityTtlMs: number;
}

/** Defaults of every routing setting. */
export const DEFAULT_ROUTER_OPTIONS: RouterOptions = {
  breakers: DEFAULT_BREAKER_OPTIONS,
  adaptive: DEFAULT_ADAPTIVE_OPTIONS,
  budget: DEFAULT_RETRY_BUDGET,
  affinityTtlMs: 3_600_000,
};

/** Prompt tokens and the part of them read from the upstream's cache, per channel. */
export interface CacheShareEntry {
  channelId: string;
  promptTokens: number;
  cacheReadTokens: number;
  /** cacheReadTokens / promptTokens (0 without prompt tokens). */
  share: number;
}

/** What the routing state holds now. */
export interface RoutingView {
  breakers: BreakerEntry[];
  parked: ParkedEntry[];
  scores: ChannelScore[];
  cacheReads: CacheShareEntry[];
  /** Conversations pinned per channel. */
  pinned: { channelId: string; conversations: number }[];
  budget: { requests: number; retries: number };
}

/** The routing state of one data plane. */
export class Router {
  readonly breakers: RoutingBreakers;
  readonly parking: Parking;
  readonly scores: ChannelScores;
  readonly affinity: AffinityTable;
  readonly budget: RetryBudget;
  private readonly cache = new Map<string, { prompt: number; read: number }>();

  constructor(
    readonly options: RouterOptions = DEFAULT_ROUTER_OPTIONS,
    readonly now: () => number = Date.now,
  ) {
    this.breakers = new RoutingBreakers(options.breakers, now);
    this.parking = new Parking(now);
    this.scores = new ChannelScores(options.adaptive);
    this.affinity = new AffinityTable(options.affinityTtlMs, 100_000, now);
    this.budget = new RetryBudget(options.budget, now);
  }

  /**
   * Why a request for `model` may not go to `channelId` now, or null when it may (a half-open
   * breaker's probe is then taken: release it if the request does not go).
   */
  skipReason(channelId: string, model: string): SkipReason | null {
    if (this.parking.parkedUntil(channelId, model) !== undefined) return 'parked';
    return this.breakers.allow(channelId, model) ? null : 'breaker';
  }

  /**
   * What routing learns from a failed attempt on `channelId` for `model` (not a rejected key): a
   * back-off parks the channel (`parkedUntil`), any other failure counts toward the breaker of its
   * scope; both lower the channel's adaptive weight. A refusal of the request itself says the
   * channel works; anything else frees a half-open probe the attempt took. `counts` says where
   * the failure counted, for the log.
   */
  learn(channelId: string, model: string, failure: UpstreamFailure): { parkedUntil?: number; counts: string } {
    const backOff = backOffOf(failure);
    if (backOff) {
      this.parking.park(channelId, backOff.scope === 'model' ? model : null, backOff.waitMs);
      this.breakers.release(channelId, model);
      this.scores.observe(channelId, model, false);
      return { parkedUntil: this.now() + backOff.waitMs, counts: `parked (${backOff.scope})` };
    }
    const scope = scopeOf(failure);
    if (scope !== null) {
      this.breakers.failure(channelId, model, scope, failure.status === 429);
      this.scores.observe(channelId, model, false);
    } else if (failure.result === 'status') this.breakers.success(channelId, model);
    else this.breakers.release(channelId, model);
    return { counts: scope ?? 'nowhere' };
  }

  /** A settled answer of `channelId`: its prompt tokens and the cached part, for the cache-read share. */
  countCacheReads(channelId: string, promptTokens: number, cacheReadTokens: number): void {
    const c = this.cache.get(channelId) ?? { prompt: 0, read: 0 };
    c.prompt += promptTokens;
    c.read += cacheReadTokens;
    this.cache.set(channelId, c);
  }

  /** The state as metrics read it (copies). */
  view(): RoutingView {
    return {
      breakers: this.breakers.list(),
      parked: this.parking.list(),
      scores: this.scores.list(),
      cacheReads: [...this.cache].map(([channelId, c]) => ({ channelId, promptTokens: c.prompt, cacheReadTokens: c.read, share: c.prompt === 0 ? 0 : c.read / c.prompt })),
      pinned: [...this.affinity.countByChannel()].map(([channelId, conversations]) => ({ channelId, conversations })),
      budget: this.budget.usage(),
    };
  }
}
