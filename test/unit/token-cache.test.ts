import { TokenCache } from '../../data-plane/auth/token-cache.js';
import { MemoryTokenStore } from '../../shared/ports/memory/token-store.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';

/** The in-process store, counting reads so the tests can see what the cache saved. */
class CountingStore extends MemoryTokenStore {
  reads = 0;

  override get(keyHash: string): Promise<TokenRecord | null> {
    this.reads++;
    return super.get(keyHash);
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
  expect(await cache.lookup('h1')).toEqual(record('b'));
});
