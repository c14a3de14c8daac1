import type { TokenLookup, TokenRecord, TokenStore } from '../token-store.js';

/** In-process TokenStore for all-in-one mode; notifies listeners synchronously. */
export class MemoryTokenStore implements TokenStore {
  /** Serialised records, and `removed` for deleted tokens (kept while the process lives). */
  private readonly records = new Map<string, string>();
  private readonly listeners = new Set<(keyHash: string) => void>();

  async put(keyHash: string, record: TokenRecord): Promise<void> {
    // Stored serialised so callers never share (and mutate) one object, as with Redis.
    this.records.set(keyHash, JSON.stringify(record));
    this.notify(keyHash);
  }

  async remove(keyHash: string): Promise<void> {
    this.records.set(keyHash, 'removed');
    this.notify(keyHash);
  }

  async get(keyHash: string): Promise<TokenRecord | null> {
    const found = await this.lookup(keyHash);
    return found === 'removed' ? null : found;
  }

  async lookup(keyHash: string): Promise<TokenLookup> {
    const raw = this.records.get(keyHash);
    if (raw === undefined) return null;
    return raw === 'removed' ? 'removed' : (JSON.parse(raw) as TokenRecord);
  }

  async onInvalidate(listener: (keyHash: string) => void): Promise<() => Promise<void>> {
    this.listeners.add(listener);
    return async () => {
      this.listeners.delete(listener);
    };
  }

  private notify(keyHash: string): void {
    for (const l of this.listeners) l(keyHash);
  }
}
