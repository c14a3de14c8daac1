import { redisPorts } from '../../shared/ports/factory.js';
import { TEST_REDIS_URL, testRedisPrefix } from '../support/database.js';
import { dropKeys } from '../support/redis-keys.js';
import { sampleUsageEvent } from '../support/usage-event.js';

/**
 * The hot path's Redis commands share one pipeline per event-loop turn (shared/ports/redis/
 * turn-pipeline.ts): each caller must still get its own replies, and the balance scripts sent
 * that way must survive a Redis that forgot them (NOSCRIPT).
 */
describe('TurnPipeline', () => {
  let ports: ReturnType<typeof redisPorts>;
  let prefix: string;
  beforeEach(() => {
    prefix = testRedisPrefix();
    ports = redisPorts(TEST_REDIS_URL, prefix);
  });
  afterEach(async () => {
    await ports.close();
    await dropKeys(prefix);
  });

  /** Calls `seen` with the commands of each pipeline TurnPipeline sends (observation only: each still goes to Redis). */
  function onExec(seen: (queue: { name: string; args: unknown[] }[]) => void): void {
    const cmd = ports.redis.cmd;
    const original = cmd.pipeline.bind(cmd);
    cmd.pipeline = ((...args: Parameters<typeof original>) => {
      const pipeline = original(...args);
      const exec = pipeline.exec.bind(pipeline);
      pipeline.exec = ((...a: Parameters<typeof exec>) => {
        seen((pipeline as unknown as { _queue: { name: string; args: unknown[] }[] })._queue);
        return exec(...a);
      }) as typeof pipeline.exec;
      return pipeline;
    }) as typeof cmd.pipeline;
  }

  it('answers each caller of one turn with its own replies, in order, errors included', async () => {
    const { turn } = ports.redis;
    const key = (n: number) => ports.keys.balance(`turn-${n}`);
    const calls = Array.from({ length: 20 }, (_, n) => turn.send((p) => p.set(key(n), String(n)).incrby(key(n), n)));
    // A command that fails (INCRBY on a non-number) fails only its own caller.
    const failing = turn.send((p) => p.set(key(99), 'text').incrby(key(99), 1));
    const replies = await Promise.all(calls);
    replies.forEach((r, n) => expect(r).toEqual([[null, 'OK'], [null, 2 * n]]));
    const [[setError], [incrError]] = await failing;
    expect(setError).toBeNull();
    expect(incrError?.message).toMatch(/not an integer/);
  });

  it('sends the commands of one turn in one pipeline and those of the next turn in another; settlements share theirs across turns', async () => {
    const sent: number[] = [];
    onExec(() => sent.push(1)); // counts the pipelines sent
    const cmd = ports.redis.cmd;
    const k = ports.keys.balance('turns');
    await Promise.all([ports.redis.turn.send((p) => p.incr(k)), ports.redis.turn.send((p) => p.incr(k)), ports.redis.turn.send((p) => p.incr(k))]);
    expect(sent).toHaveLength(1);
    await ports.redis.turn.send((p) => p.incr(k));
    expect(sent).toHaveLength(2);
    expect(await cmd.get(k)).toBe('4');
    // Settlements wait a few milliseconds for company: commands of several turns share one pipeline.
    const first = ports.redis.settling.send((p) => p.incr(k));
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([first, ports.redis.settling.send((p) => p.incr(k))]);
    expect(sent).toHaveLength(3);
    expect(await cmd.get(k)).toBe('6');
  });

  it('puts the parts sent as last after every other part of their pipeline, each caller still getting its own replies', async () => {
    const list = ports.keys.balance('order');
    const { settling } = ports.redis;
    const a = settling.send((p) => p.rpush(list, 'a'));
    const late = settling.send((p) => p.rpush(list, 'late'), { last: true });
    const b = settling.send((p) => p.rpush(list, 'b').rpush(list, 'c'));
    expect(await Promise.all([a, late, b])).toEqual([[[null, 1]], [[null, 4]], [[null, 2], [null, 3]]]);
    expect(await ports.redis.cmd.lrange(list, 0, -1)).toEqual(['a', 'b', 'c', 'late']);
  });

  it('sends usage events after the settlements sharing their pipeline, even those of later requests', async () => {
    const order: string[] = [];
    // Which commands of each pipeline touch the usage stream.
    onExec((queue) => order.push(...queue.map((c) => (c.args.includes(ports.keys.usageStream) ? 'event' : 'charge'))));
    await ports.balances.load('acct', 1_000_000n, new Map());
    const spendCap = { tokenId: 't', capMicro: null };
    for (const id of ['r1', 'r2']) await ports.balances.reserve('acct', id, 1_000n, { ttlMs: 60_000, now: Date.now(), spendCap });
    order.length = 0;
    // Request 1 settles and reports; request 2 settles after request 1's event opened the batch.
    await Promise.all([
      ports.balances.settle('acct', 'r1', 500n, 't'),
      ports.usage.append(sampleUsageEvent({ eventId: 'r1' })),
      ports.balances.settle('acct', 'r2', 700n, 't'),
      ports.usage.append(sampleUsageEvent({ eventId: 'r2' })),
    ]);
    expect(order).toEqual(['charge', 'charge', 'event']);
  });

  it('reserves and settles through the pipeline after Redis forgot the scripts (NOSCRIPT)', async () => {
    await ports.balances.load('acct', 1_000_000n, new Map());
    await ports.redis.cmd.script('FLUSH');
    const reserved = await ports.balances.reserve('acct', 'r1', 300_000n, { ttlMs: 60_000, now: Date.now(), spendCap: { tokenId: 't', capMicro: null } });
    expect(reserved).toEqual({ status: 'ok', balanceMicro: 700_000n });
    await ports.redis.cmd.script('FLUSH');
    const settled = await ports.balances.settle('acct', 'r1', 120_000n, 't');
    expect(settled).toEqual({ status: 'settled', balanceMicro: 880_000n });
  });

  it('appends the usage events of the turns before its pipeline goes out as one entry, with one XADD', async () => {
    const commands: string[][] = [];
    onExec((queue) => commands.push(queue.map((c) => c.name)));
    const events = Array.from({ length: 5 }, (_, i) => sampleUsageEvent({ eventId: `e${i}` }));
    const first = ports.usage.append(events[0]);
    await new Promise((resolve) => setImmediate(resolve)); // a later turn joins the same batch
    await Promise.all([first, ports.usage.append(events[1]), ports.usage.append(...events.slice(2))]);
    expect(commands).toEqual([['xadd']]); // one pipeline of one command
    await ports.usage.ensureGroup('g');
    const read = await ports.usage.read('g', 'c', 1, 0);
    expect(read.map((q) => q.event)).toEqual(events);
    expect(new Set(read.map((q) => q.id)).size).toBe(1);
  });
});
