import { addAttempt, fieldOf, totalsByKey, type BucketIncrements, type OutcomeAttempt } from '../../shared/health/outcome.js';
import type { GroupStatesRecord } from '../../shared/ports/group-states.js';
import { describeContract, eventually } from './harness.js';

const base: OutcomeAttempt = { group: 'alpha', channel: 'ch-a', model: 'gpt-x', node: 'domestic', format: 'chat-completions', stream: false, failure: null, latencyMs: 120, ttfbMs: 40 };

function batch(...attempts: OutcomeAttempt[]): BucketIncrements {
  const out: BucketIncrements = new Map();
  for (const a of attempts) addAttempt(out, a);
  return out;
}

describeContract('OutcomeCounters', (ports) => {
  const counters = () => ports().outcomes;

  test('batches add up per field within a bucket and stay apart across buckets', async () => {
    await counters().add(1000, batch(base, { ...base, failure: 'timeout', latencyMs: 5000, ttfbMs: null }));
    await counters().add(1000, batch(base));
    await counters().add(1001, batch({ ...base, node: 'overseas', stream: true }));
    const [a, b, empty] = await counters().read([1000, 1001, 999]);
    expect(a[fieldOf(base, 'ok')]).toBe(2);
    expect(a[fieldOf(base, 'timeout')]).toBe(1);
    expect(a[fieldOf(base, 'latency_ms')]).toBe(5240);
    expect(a[fieldOf(base, 'ttfb_ms')]).toBe(80);
    expect(a[fieldOf(base, 'ttfb_n')]).toBe(2);
    expect(empty).toEqual({});
    const [only] = [...totalsByKey([b]).values()];
    expect(only.key).toEqual({ group: 'alpha', channel: 'ch-a', model: 'gpt-x', node: 'overseas', format: 'chat-completions', stream: true });
    expect(only.totals.ok).toBe(1);
  });

  test('an empty batch writes nothing; reading no minutes reads nothing', async () => {
    await counters().add(5, new Map());
    expect(await counters().read([5])).toEqual([{}]);
    expect(await counters().read([])).toEqual([]);
  });
});

describeContract('GroupStateBus', (ports) => {
  const bus = () => ports().groupStates;

  test('nothing is stored before the first publish; each publish gets the next version', async () => {
    expect(await bus().read()).toBeNull();
    const at = new Date('2026-11-22T10:00:00Z');
    const first = await bus().publish({ alpha: 'normal' }, at);
    const second = await bus().publish({ alpha: 'unavailable', beta: 'no_data' }, at);
    expect(second.version).toBe(first.version + 1);
    expect(await bus().read()).toEqual({ version: second.version, at: at.toISOString(), states: { alpha: 'unavailable', beta: 'no_data' } });
  });

  test('subscribers hear every published record whole, until they unsubscribe', async () => {
    const heard: GroupStatesRecord[] = [];
    const unsubscribe = await bus().onPublish((r) => heard.push(r));
    await bus().publish({ alpha: 'partially_available' }, new Date('2026-11-22T10:00:00Z'));
    await eventually(() => expect(heard.map((r) => r.states)).toEqual([{ alpha: 'partially_available' }]));
    await unsubscribe();
    // A subscriber that joins now hears the next record on the same channel: once it has, the
    // first one would have too, had it still listened.
    const later: GroupStatesRecord[] = [];
    const unsubscribeLater = await bus().onPublish((r) => later.push(r));
    await bus().publish({ alpha: 'normal' }, new Date('2026-11-22T10:01:00Z'));
    expect((await bus().read())!.states).toEqual({ alpha: 'normal' });
    await eventually(() => expect(later.map((r) => r.states)).toEqual([{ alpha: 'normal' }]));
    expect(heard).toHaveLength(1);
    await unsubscribeLater();
  });
});
