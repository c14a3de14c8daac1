import type { EphemeralStore } from './ephemeral-store.js';
import type { TokenStore } from './token-store.js';

/**
 * The narrow interfaces that stand for Redis (DESIGN.md, "Deployment modes"). Split mode builds
 * them on Redis; all-in-one mode without REDIS_URL builds in-process twins. Both pass one
 * contract suite (test/contract/).
 */
export interface Ports {
  readonly kind: 'redis' | 'memory';
  readonly tokens: TokenStore;
  readonly ephemeral: EphemeralStore;
  /** Releases connections and timers. */
  close(): Promise<void>;
}
