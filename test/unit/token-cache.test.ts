import { TokenCache } from '../../data-plane/auth/token-cache.js';
import { MemoryTokenStore } from '../../shared/ports/memory/token-store.js';
import type { TokenLookup, TokenRecord } from '../../shared/ports/token-store.js';

/** The in-process store, counting reads so the tests can see what the cache saved; `failing` makes reads fail (Redis away). */
class CountingStore extends MemoryTokenStore {
  reads = 0;
  failing = false;

  override lookup(keyHash: string): Promise<TokenLookup> {
    this.reads++;
    if (this.failing) return Promise.reject(new Error('Command timed out'));
    return super.lookup(keyHash);
  }

  /** Forgets a record without a removal or a notice, as a Redis that lost its data. */
  lose(keyHash: string): void {
    (this as unknown as { records: Map<string, string> }).records.delete(keyHash);
  }
}

function record(name: string, status: TokenRecord['status'] = 'active'): TokenRecord {
  return { tokenId: `id-${name}`, accountId: 'acct', name, status, expiresAt: null, groups: [], modelAllowList: null, spendCapMicro: null };
}

let store: CountingStore;
let clock: number;
let cache: TokenCache;

beforeEach(async () => {
  store = new CountingStore();
  clock = 1_000_000;
  cache = new TokenCache(store, { ttlMs: 2000, maxEntries: 3, now: () => clock });
  await cache.start();
});

afterEach(() => cache.stop());

test('answers from memory within the TTL and reads again after it', async () => {
  await store.put('h1', record('a'));
  expect(await cache.lookup('h1')).toEqual(record('a'));
  clock += 1999;
  expect(await cache.lookup('h1')).toEqual(record('a'));
  expect(store.reads).toBe(1);
  clock += 1;
  await cache.lookup('h1');
  expect(store.reads).toBe(2);
});

test('past its TTL a known record is answered at once and read again behind it', async () => {
  await store.put('h1', record('a'));
  await cache.lookup('h1');
  store.failing = true;
  clock += 5000;
  // The store cannot be read: the key is still known.
  expect(await cache.lookup('h1')).toEqual(record('a'));
  store.failing = false;
  await store.put('h1', record('b', 'disabled'));
  expect(await cache.lookup('h1')).toMatchObject({ status: 'disabled' });
});

test('a known record that vanished from the store stays valid; a removal revokes it', async () => {
  await store.put('h1', record('a'));
  await cache.lookup('h1');
  store.lose('h1');
  clock += 5000;
  expect(await cache.lookup('h1')).toEqual(record('a'));
  clock += 5000;
  expect(await cache.lookup('h1')).toEqual(record('a'));
  expect(store.reads).toBeGreaterThanOrEqual(2);
  await store.remove('h1');
  expect(await cache.lookup('h1')).toBeNull();
});

test('a removal is a revocation even when its notice was lost', async () => {
  const deaf = new (class extends CountingStore {
    override onInvalidate(): Promise<() => Promise<void>> {
      return super.onInvalidate(() => undefined); // every notice lost
    }
  })();
  const lossy = new TokenCache(deaf, { ttlMs: 2000, now: () => clock });
  await lossy.start();
  await deaf.put('h1', record('a'));
  expect(await lossy.lookup('h1')).toEqual(record('a'));
  await deaf.remove('h1');
  clock += 5000;
  expect(await lossy.lookup('h1')).toEqual(record('a')); // from memory, read again behind it
  await Promise.resolve();
  expect(await lossy.lookup('h1')).toBeNull();
  await lossy.stop();
});

test('an unknown key while the store cannot be read is an error, not "no such token"', async () => {
  store.failing = true;
  await expect(cache.lookup('h7')).rejects.toThrow('Command timed out');
  store.failing = false;
  await store.put('h7', record('new'));
  expect(await cache.lookup('h7')).toEqual(record('new'));
});

test('subscribes again until the store accepts, and only then says it is subscribed', async () => {
  let refusals = 2;
  const flaky = new (class extends MemoryTokenStore {
    override onInvalidate(listener: (keyHash: string) => void): Promise<() => Promise<void>> {
      if (refusals-- > 0) return Promise.reject(new Error('Connection is closed.'));
      return super.onInvalidate(listener);
    }
  })();
  const late = new TokenCache(flaky, { now: () => clock });
  const subscribing = late.start();
  expect(late.subscribed).toBe(false);
  await subscribing;
  expect(late.subscribed).toBe(true);
  expect(refusals).toBe(-1);
  await late.stop();
}, 10_000);

test('an invalidation notice drops the entry at once, whatever the TTL', async () => {
  await store.put('h1', record('a'));
  await cache.lookup('h1');
  await store.put('h1', record('a', 'disabled'));
  expect(await cache.lookup('h1')).toMatchObject({ status: 'disabled' });
  await store.remove('h1');
  expect(await cache.lookup('h1')).toBeNull();
});

test('unknown keys are cached too, and a new record becomes visible through its notice', async () => {
  expect(await cache.lookup('h9')).toBeNull();
  expect(await cache.lookup('h9')).toBeNull();
  expect(store.reads).toBe(1);
  await store.put('h9', record('new'));
  expect(await cache.lookup('h9')).toEqual(record('new'));
});

test('concurrent lookups of one key share a single read', async () => {
  await store.put('h1', record('a'));
  const results = await Promise.all([cache.lookup('h1'), cache.lookup('h1'), cache.lookup('h1')]);
  expect(results).toEqual([record('a'), record('a'), record('a')]);
  expect(store.reads).toBe(1);
});

test('an answer read before an invalidation is not kept', async () => {
  await store.put('h1', record('a'));
  const inFlight = cache.lookup('h1'); // reads the old record...
  await store.put('h1', record('a', 'disabled')); // ...while the change is announced
  expect(await inFlight).toMatchObject({ status: 'active' });
  expect(await cache.lookup('h1')).toMatchObject({ status: 'disabled' });
});

test('holds at most maxEntries, dropping the least recently used', async () => {
  for (const h of ['h1', 'h2', 'h3', 'h4']) await store.put(h, record(h));
  await cache.lookup('h1');
  await cache.lookup('h2');
  await cache.lookup('h3');
  await cache.lookup('h1'); // h1 is now the most recent; h2 the least
  await cache.lookup('h4');
  expect(cache.size).toBe(3);
  const reads = store.reads;
  await cache.lookup('h1');
  await cache.lookup('h3');
  await cache.lookup('h4');
  expect(store.reads).toBe(reads);
  await cache.lookup('h2');
  expect(store.reads).toBe(reads + 1);
});

test('after stop, notices no longer reach the cache', async () => {
  await cache.stop();
  expect(cache.size).toBe(0);
  await store.put('h1', record('a'));
  expect(await cache.lookup('h1')).toEqual(record('a'));
  await store.put('h1', record('b'));
  // No subscription: the stale entry stays until the TTL runs out.
  expect(await cache.lookup('h1')).toEqual(record('a'));
  clock += 2000;
  // Past the TTL: the known record once more, while it is read again.
  expect(await cache.lookup('h1')).toEqual(record('a'));
  await Promise.resolve();
  expect(await cache.lookup('h1')).toEqual(record('b'));
});
