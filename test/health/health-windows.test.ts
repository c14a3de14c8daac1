import { addCount, emptyTotals, minuteOf, type BucketIncrements } from '../../shared/health/outcome.js';
import type { GroupAvailability } from '../../control-plane/health/health.model.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { addOutcomes, attempt } from '../support/outcomes.js';

let cp: TestControlPlane;
// Starts before the minutes the test writes: settled minutes read once are cached as they were.
let now = Date.parse('2026-11-22T09:00:00Z');

beforeAll(async () => {
  // Jobs effectively off: the test folds and evaluates by hand, at injected times.
  cp = await startTestControlPlane({ overrides: { now: () => now }, env: { HEALTH_EVALUATE_MS: '600000', HEALTH_FOLD_MS: '3600000', HEALTH_PROBE_INTERVAL_MS: '0' } });
});

afterAll(async () => {
  await cp?.stop();
});

const health = () => cp.services.health;
const counters = () => cp.services.deps.ports.outcomes;
const of = (list: GroupAvailability[], group: string) => list.find((g) => g.group === group)!;

test('windows count by the minute for the last hour and by whole hours plus the current one beyond, across bucket boundaries', async () => {
  now = Date.parse('2026-11-22T10:59:30Z');
  await addOutcomes(counters(), Date.parse('2026-11-22T09:30:10Z'), 8, 2); // the hour before
  await addOutcomes(counters(), Date.parse('2026-11-22T10:00:59Z'), 5, 5); // leaves the hour window at 11:01
  await addOutcomes(counters(), Date.parse('2026-11-22T10:10:00Z'), 3, 1, { channel: 'ch-2' });
  await addOutcomes(counters(), Date.parse('2026-11-22T10:59:59Z'), 1, 0, { model: 'm-2' });
  await addOutcomes(counters(), Date.parse('2026-11-22T10:59:59Z'), 0, 4, { group: 'az' });
  // Settled answers of ch-2 in the last hour: 1,000 prompt tokens, 600 of them read from the upstream's cache.
  const cache: BucketIncrements = new Map();
  addCount(cache, { key: attempt({ channel: 'ch-2' }), metric: 'prompt_tokens', n: 1000 });
  addCount(cache, { key: attempt({ channel: 'ch-2' }), metric: 'cache_read_tokens', n: 600 });
  await counters().add(minuteOf(Date.parse('2026-11-22T10:30:00Z')), cache);

  const before = of(await health().availability(), 'alpha');
  expect(before.windows.hour).toEqual({ ok: 9, attempts: 15 }); // 10:00..10:59
  expect(before.windows.day).toEqual({ ok: 9, attempts: 15 }); // nothing folded yet: the current hour only

  now = Date.parse('2026-11-22T11:01:00Z');
  await health().fold(24);
  await health().fold(24); // folding again must not double count
  const after = await health().availability();
  const alpha = of(after, 'alpha');
  expect(alpha.windows.hour).toEqual({ ok: 4, attempts: 5 }); // 10:02..11:01: the 10:00 minute has left
  expect(alpha.windows.day).toEqual({ ok: 17, attempts: 25 }); // hours 09 and 10, folded
  // Cache reads are counted, never as attempts: the windows above are unchanged by them.
  expect(alpha.channels).toEqual([
    { channel: 'ch-1', windows: expect.objectContaining({ hour: { ok: 1, attempts: 1 }, day: { ok: 14, attempts: 21 } }), cacheReads: { promptTokens: 0, cacheReadTokens: 0 } },
    { channel: 'ch-2', windows: expect.objectContaining({ hour: { ok: 3, attempts: 4 }, day: { ok: 3, attempts: 4 } }), cacheReads: { promptTokens: 1000, cacheReadTokens: 600 } },
  ]);
  expect(alpha.models.map((m) => [m.model, m.windows.day])).toEqual([
    ['m-1', { ok: 16, attempts: 24 }],
    ['m-2', { ok: 1, attempts: 1 }],
  ]);
  expect(of(after, 'az').windows.day).toEqual({ ok: 0, attempts: 4 });
  expect(of(after, 'gamma').windows.month).toEqual({ ok: 0, attempts: 0 });
});

test('the week and month windows reach back through the hourly history; history past retention is pruned', async () => {
  const row = (daysAgo: number, ok: number) => ({
    hour: new Date(Date.parse('2026-11-22T11:00:00Z') - daysAgo * 86_400_000),
    key: attempt({ group: 'beta' }),
    totals: { ...emptyTotals(), ok },
  });
  await health().store.upsertHours([row(3, 10), row(20, 100), row(100, 1000)]);
  await health().fold(1);
  const beta = of(await health().availability(), 'beta');
  expect(beta.windows.day.attempts).toBe(0);
  expect(beta.windows.week).toEqual({ ok: 10, attempts: 10 });
  expect(beta.windows.month).toEqual({ ok: 110, attempts: 110 });
  const all = await health().store.series({ group: 'beta' }, new Date(0), new Date(now), 'day');
  expect(all.map((p) => p.ok)).toEqual([100, 10]);
});

test('history series bucket by UTC hour or day', async () => {
  const hours = await health().store.series({ group: 'alpha' }, new Date('2026-11-22T00:00:00Z'), new Date('2026-11-23T00:00:00Z'), 'hour');
  expect(hours.map((p) => [p.at.toISOString(), p.ok, p.attempts])).toEqual([
    ['2026-11-22T09:00:00.000Z', 8, 10],
    ['2026-11-22T10:00:00.000Z', 9, 15],
  ]);
  const days = await health().store.series({ node: 'domestic' }, new Date('2026-11-22T00:00:00Z'), new Date('2026-11-23T00:00:00Z'), 'day');
  expect(days.map((p) => [p.at.toISOString(), p.ok, p.attempts])).toEqual([['2026-11-22T00:00:00.000Z', 17, 29]]);
  expect(days[0].latencyMs).toBe(2900);
});
