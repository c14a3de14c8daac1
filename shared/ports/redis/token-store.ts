import { REMOVAL_KEPT_MS, type TokenLookup, type TokenRecord, type TokenStore } from '../token-store.js';
import type { RedisKeys } from '../../redis/keys.js';
import type { RedisConnections } from './connections.js';

/** What a removed token's key holds instead of its record. */
const REMOVED = '"removed"';

/** Redis TokenStore: one JSON value per token (a removal marker once deleted), and a pub/sub channel of changed key hashes. */
export class RedisTokenStore implements TokenStore {
  constructor(private readonly redis: RedisConnections, private readonly keys: RedisKeys) {}

  async put(keyHash: string, record: TokenRecord): Promise<void> {
    await this.redis.cmd.multi().set(this.keys.token(keyHash), JSON.stringify(record)).publish(this.keys.tokenInvalidations, keyHash).exec();
  }

  async remove(keyHash: string): Promise<void> {
    await this.redis.cmd.multi().set(this.keys.token(keyHash), REMOVED, 'PX', REMOVAL_KEPT_MS).publish(this.keys.tokenInvalidations, keyHash).exec();
  }

  async get(keyHash: string): Promise<TokenRecord | null> {
    const found = await this.lookup(keyHash);
    return found === 'removed' ? null : found;
  }

  async lookup(keyHash: string): Promise<TokenLookup> {
    const raw = await this.redis.cmd.get(this.keys.token(keyHash));
    if (raw === null) return null;
    return raw === REMOVED ? 'removed' : (JSON.parse(raw) as TokenRecord);
  }

  onInvalidate(listener: (keyHash: string) => void): Promise<() => Promise<void>> {
    return this.redis.subscribe(this.keys.tokenInvalidations, listener);
  }
}
