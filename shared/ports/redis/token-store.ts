import type { TokenRecord, TokenStore } from '../token-store.js';
import type { RedisKeys } from '../../redis/keys.js';
import type { RedisConnections } from './connections.js';

/** Redis TokenStore: one JSON value per token, and a pub/sub channel of changed key hashes. */
export class RedisTokenStore implements TokenStore {
  constructor(private readonly redis: RedisConnections, private readonly keys: RedisKeys) {}

  async put(keyHash: string, record: TokenRecord): Promise<void> {
    await this.redis.cmd.multi().set(this.keys.token(keyHash), JSON.stringify(record)).publish(this.keys.tokenInvalidations, keyHash).exec();
  }

  async remove(keyHash: string): Promise<void> {
    await this.redis.cmd.multi().del(this.keys.token(keyHash)).publish(this.keys.tokenInvalidations, keyHash).exec();
  }

  async get(keyHash: string): Promise<TokenRecord | null> {
    const raw = await this.redis.cmd.get(this.keys.token(keyHash));
    return raw === null ? null : (JSON.parse(raw) as TokenRecord);
  }

  onInvalidate(listener: (keyHash: string) => void): Promise<() => Promise<void>> {
    return this.redis.subscribe(this.keys.tokenInvalidations, listener);
  }
}
