import type { ConfigBus } from './config-bus.js';
import type { BalanceStore } from './balance-store.js';
import type { EphemeralStore } from './ephemeral-store.js';
import type { TokenStore } from './token-store.js';
import type { UsageQueue } from './usage-queue.js';
import type { OutcomeCounters } from './outcome-counters.js';
import type { GroupStateBus } from './group-states.js';
import type { KeyInvalidations } from './key-invalidations.js';
import type { RateLimiter } from './rate-limiter.js';
import type { VideoJobStore } from './video-jobs.js';

/**
 * The narrow interfaces that stand for Redis (docs/architecture.md, "The two planes"). Split mode builds
 * them on Redis; all-in-one mode without REDIS_URL builds in-process twins. Both pass one
 * contract suite (test/contract/).
 */
export interface Ports {
  readonly kind: 'redis' | 'memory';
  readonly tokens: TokenStore;
  readonly ephemeral: EphemeralStore;
  /** Hot balances: reserve, settle, release, expire, credit (Redis contract 3). */
  readonly balances: BalanceStore;
  /** Usage events from data planes to the control plane (Redis contract 4). */
  readonly usage: UsageQueue;
  /** Routing snapshots (control plane -> data planes) and data-plane heartbeats. */
  readonly configBus: ConfigBus;
  /** Upstream attempt counters in minute buckets (Redis contract 5). */
  readonly outcomes: OutcomeCounters;
  /** Group health states, control plane -> data planes. */
  readonly groupStates: GroupStateBus;
  /** Upstream keys the data planes saw rejected, data planes -> control plane. */
  readonly keyInvalidations: KeyInvalidations;
  /** Rate-limit windows and concurrency slots per token, account and group, across data planes. */
  readonly rateLimits: RateLimiter;
  /** Each account's video jobs, for listing them and settling each once. */
  readonly videoJobs: VideoJobStore;
  /** Whether the store can be reached now (Redis: its command connection is up; in-process: always). */
  connected(): boolean;
  /** Releases connections and timers. */
  close(): Promise<void>;
}
