import type { RateLimits } from '../../shared/limits/rate-limits.js';
import type { RateAsk } from '../../shared/ports/rate-limiter.js';
import { describeContract, eventually } from './harness.js';

const NONE: RateLimits = { rpm: null, tpm: null, concurrency: null };
const MINUTE = 60_000;

/** An ask in the partition of account `a1` for its token `t1` and the account itself. */
function ask(requestId: string, token: Partial<RateLimits>, account: Partial<RateLimits> = {}, tokens = 10, extra: Partial<RateAsk> = {}): RateAsk {
  return {
    partition: 'acct:a1',
    scopes: [
      { name: 'token:t1', limits: { ...NONE, ...token } },
      { name: 'account', limits: { ...NONE, ...account } },
    ],
    requestId,
    tokens,
    windowMs: MINUTE,
    slotTtlMs: MINUTE,
    ...extra,
  };
}

describeContract('RateLimiter', (ports) => {
  test('requests per minute: the limit is admitted, the next is refused until the window ends', async () => {
    const limiter = ports().rateLimits;
    for (let i = 0; i < 3; i++) expect((await limiter.admit(ask(`r${i}`, { rpm: 3 }))).admitted).toBe(true);
    const refused = await limiter.admit(ask('r3', { rpm: 3 }));
    expect(refused).toMatchObject({ admitted: false, scope: 'token:t1', limit: 'requests' });
    if (refused.admitted) throw new Error('unreachable');
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(MINUTE);
    expect(refused.use[0]).toMatchObject({ requests: 3, tokens: 30, inFlight: 3 });
  });

  test('a refused request counts in no scope; an admitted one counts in every scope', async () => {
    const limiter = ports().rateLimits;
    expect((await limiter.admit(ask('a', {}, { rpm: 1 }))).admitted).toBe(true);
    // The account is full: the token's own (unlimited) count must not move either.
    expect(await limiter.admit(ask('b', {}, { rpm: 1 }))).toMatchObject({ admitted: false, scope: 'account', limit: 'requests' });
    const use = await limiter.use('acct:a1', ask('x', {}).scopes, MINUTE);
    expect(use.map((u) => [u.name, u.requests, u.tokens, u.inFlight])).toEqual([
      ['token:t1', 1, 10, 1],
      ['account', 1, 10, 1],
    ]);
  });

  test('tokens per minute count the estimate, and a correction moves the window it was counted in', async () => {
    const limiter = ports().rateLimits;
    const first = await limiter.admit(ask('a', { tpm: 100 }, {}, 60));
    if (!first.admitted) throw new Error('refused');
    expect(await limiter.admit(ask('b', { tpm: 100 }, {}, 60))).toMatchObject({ admitted: false, limit: 'tokens' });
    // The answer used 20 tokens, not 60: 40 come back, and a request of 60 fits again.
    await limiter.settle(first.ticket, { requests: 0, tokens: -40, release: true });
    const [token] = await limiter.use('acct:a1', ask('x', {}).scopes, MINUTE);
    expect(token).toMatchObject({ requests: 1, tokens: 20, inFlight: 0 });
    expect((await limiter.admit(ask('c', { tpm: 100 }, {}, 60))).admitted).toBe(true);
  });

  test('concurrency: a slot is held until released, and taking back a request frees its count', async () => {
    const limiter = ports().rateLimits;
    const first = await limiter.admit(ask('a', { concurrency: 1, rpm: 5 }));
    if (!first.admitted) throw new Error('refused');
    const second = await limiter.admit(ask('b', { concurrency: 1, rpm: 5 }));
    expect(second).toMatchObject({ admitted: false, limit: 'concurrency' });
    await limiter.settle(first.ticket, { requests: -1, tokens: -10, release: true });
    const [token] = await limiter.use('acct:a1', ask('x', {}).scopes, MINUTE);
    expect(token).toMatchObject({ requests: 0, tokens: 0, inFlight: 0 });
    expect((await limiter.admit(ask('c', { concurrency: 1, rpm: 5 }))).admitted).toBe(true);
  });

  test('a slot nobody releases or renews expires; a renewed one stays', async () => {
    const limiter = ports().rateLimits;
    const kept = await limiter.admit({ ...ask('kept', { concurrency: 2 }), slotTtlMs: 3000 });
    if (!kept.admitted) throw new Error('refused');
    expect((await limiter.admit({ ...ask('lost', { concurrency: 2 }), slotTtlMs: 3000 })).admitted).toBe(true);
    // Renewed far beyond the test; the other slot runs out by itself.
    await limiter.renew([kept.ticket], MINUTE);
    await eventually(async () => {
      const [token] = await limiter.use('acct:a1', ask('x', {}).scopes, MINUTE);
      expect(token.inFlight).toBe(1);
    }, 20_000);
    expect((await limiter.admit(ask('y', { concurrency: 2 }))).admitted).toBe(true);
    expect((await limiter.admit(ask('z', { concurrency: 2 }))).admitted).toBe(false);
  });

  test('a window ends and counting starts again; a late correction does not touch the new window', async () => {
    const limiter = ports().rateLimits;
    const short = (id: string) => ask(id, { rpm: 1 }, {}, 10, { windowMs: 100 });
    const first = await limiter.admit(short('a'));
    if (!first.admitted) throw new Error('refused');
    await eventually(async () => expect((await limiter.admit(short(`again-${Math.random()}`))).admitted).toBe(true));
    await limiter.settle(first.ticket, { requests: -1, tokens: -10, release: true });
    const [token] = await limiter.use('acct:a1', short('x').scopes, MINUTE);
    expect(token).toMatchObject({ requests: 1, tokens: 10 });
  });

  test('partitions and scopes are counted apart', async () => {
    const limiter = ports().rateLimits;
    expect((await limiter.admit(ask('a', { rpm: 1 }))).admitted).toBe(true);
    const group = { partition: 'group:g1', scopes: [{ name: 'group', limits: { ...NONE, rpm: 1 } }], requestId: 'a', tokens: 5, windowMs: MINUTE, slotTtlMs: MINUTE };
    expect((await limiter.admit(group)).admitted).toBe(true);
    expect((await limiter.admit({ ...group, requestId: 'b' })).admitted).toBe(false);
    expect((await limiter.admit({ ...ask('c', { rpm: 1 }), partition: 'acct:a2' })).admitted).toBe(true);
    const [use] = await limiter.use('group:g1', group.scopes, MINUTE);
    expect(use).toMatchObject({ requests: 1, tokens: 5, inFlight: 1 });
  });
});
