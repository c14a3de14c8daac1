/**
 * Benchmark (not a test) of the routing-snapshot push, on real PostgreSQL and Redis (the test ones).
 *
 *   node --import @swc-node/register/esm-register bench/snapshot-push.ts
 *
 * Seeds a synthetic full catalog (1,000 models, 50 channels with 2 keys each serving 200 models,
 * 13 groups, each channel in 2 groups), then prints:
 * - snapshot size and the cost of each step of a push (median of 20): build from PostgreSQL (cold,
 *   and incremental after one change), canonical JSON + hash from scratch, Redis write and read,
 *   JSON.parse, validate (with the hash check), compile (and compile plus the routes of every model,
 *   which compile leaves to first use);
 * - the time from a catalog change (a group multiplier updated through the ORM, then
 *   `services.catalogChanged()`, what a GraphQL mutation does) until the new revision is applied
 *   on N data planes (N = 1 and 4), p50/p99 over 200 changes, split into the database update, the
 *   build and publish, and the fetch-validate-compile-swap on the data planes.
 * The data planes run in this process, each with its own Redis connections: N of them compile one
 * after another on one core, which overstates the latency of separate processes as N grows.
 */
import { ChannelGroup } from '../control-plane/catalog/channel-group.entity.js';
import { ChannelKey } from '../control-plane/catalog/channel-key.entity.js';
import { Channel, ChannelKind } from '../control-plane/catalog/channel.entity.js';
import { ExchangeRate } from '../control-plane/catalog/exchange-rate.entity.js';
import { Group } from '../control-plane/catalog/group.entity.js';
import { CatalogModel, PriceTable } from '../control-plane/catalog/model.entity.js';
import { SnapshotBuilder } from '../control-plane/publish/snapshot.builder.js';
import type { DataPlane } from '../data-plane/bootstrap.js';
import { compileSnapshot } from '../data-plane/config/compile.js';
import { canonicalContent, snapshotText } from '../shared/snapshot/hash.js';
import type { RoutingSnapshot } from '../shared/snapshot/types.js';
import { validateSnapshot } from '../shared/snapshot/validate.js';
import { startTestControlPlane } from '../test/support/control-plane.js';
import { startTestDataPlane, tempDataDir } from '../test/support/data-plane.js';
import { testBox } from '../test/support/snapshot.js';
import { median, percentile, timed } from './lib/stats.js';

const MODELS = 1000;
const CHANNELS = 50;
const GROUPS = 13;
const MODELS_PER_CHANNEL = 200;
const CHANGES = 200;

process.env.LOG_LEVEL ??= 'error';

const cp = await startTestControlPlane({ env: { DATA_PLANE_WATCH_MS: '60000' } });
const dir = await tempDataDir();
try {
  const em = cp.services.deps.orm.em.fork();
  // Replace the seeded catalog with the synthetic one, so the figures are for exactly these sizes.
  for (const entity of [ChannelGroup, ChannelKey, Channel, CatalogModel, Group]) await em.nativeDelete(entity, {});
  const groups = Array.from({ length: GROUPS }, (_, g) =>
    em.create(Group, { name: `bench_${g}`, displayName: `Bench ${g}`, priceMultiplier: '1', formats: ['chat-completions', 'messages'], recommendedFormat: 'chat-completions' }),
  );
  for (let m = 0; m < MODELS; m++) {
    em.create(CatalogModel, {
      modelId: `bench-model-${m}`,
      aliases: [`bench-alias-${m}`],
      vendor: ['openai', 'anthropic', 'google', 'deepseek'][m % 4],
      prices: Object.assign(new PriceTable(), { input: '1.25', output: '10', cacheRead: '0.125', cacheWrite5m: '1.5625' }),
      contextLimit: 200_000,
      outputLimit: 64_000,
    });
  }
  for (let c = 0; c < CHANNELS; c++) {
    const models = Array.from({ length: MODELS_PER_CHANNEL }, (_, i) => `bench-model-${(c * 97 + i * 5) % MODELS}`);
    const channel = em.create(Channel, {
      name: `bench-channel-${c}`,
      kind: ChannelKind.OpenAI,
      baseUrl: `https://upstream-${c}.example.test`,
      models: [...new Set(models)],
      modelMapping: { [models[0]]: `${models[0]}-upstream` },
    });
    for (let k = 0; k < 2; k++) {
      em.create(ChannelKey, { channel, position: k, keyEncrypted: cp.services.deps.secrets.encrypt(`sk-bench-${c}-${k}-${'x'.repeat(40)}`), keyMasked: 'sk-be...xxxx' });
    }
    for (const g of [c % GROUPS, (c + 5) % GROUPS]) em.create(ChannelGroup, { channel, group: groups[g], priority: c % 3, weight: 1 + (c % 4) });
  }
  em.create(ExchangeRate, { rate: '7.2' });
  await em.flush();

  // Static figures for the full catalog: each step of a push.
  const orm = cp.services.deps.orm;
  const bus = cp.services.deps.ports.configBus;
  const cold: number[] = [];
  const warm: number[] = [];
  const builder = new SnapshotBuilder();
  let built = await builder.build(orm.em.fork());
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    await new SnapshotBuilder().build(orm.em.fork());
    cold.push(performance.now() - start);
    await orm.em.fork().nativeUpdate(CatalogModel, { modelId: `bench-model-${i}` }, { multiplier: String(1 + i / 10) });
    const again = performance.now();
    built = await builder.build(orm.em.fork());
    warm.push(performance.now() - again);
  }
  const content = built.content;
  const [, hashMs] = timed(() => canonicalContent(content));
  const hashes = [hashMs];
  for (let i = 0; i < 9; i++) hashes.push(timed(() => canonicalContent(content))[1]);
  const head = { revision: 1, hash: built.hash, createdAt: new Date().toISOString() };
  const text = snapshotText(built, head);
  const writes: number[] = [];
  const reads: number[] = [];
  for (let i = 0; i < 20; i++) {
    const sealed: RoutingSnapshot = { ...content, ...head, revision: await bus.allocateRevision() };
    let start = performance.now();
    if (!(await bus.publishSnapshot(sealed, snapshotText(built, sealed)))) throw new Error('bench publish refused');
    writes.push(performance.now() - start);
    start = performance.now();
    await bus.readSnapshot();
    reads.push(performance.now() - start);
  }
  const parses: number[] = [];
  const validations: number[] = [];
  const compiles: number[] = [];
  const routed: number[] = [];
  for (let i = 0; i < 20; i++) {
    const [parsed, parseMs] = timed(() => JSON.parse(text) as RoutingSnapshot);
    const [problems, validateMs] = timed(() => validateSnapshot(parsed, text));
    if (problems.length) throw new Error(`synthetic snapshot invalid: ${problems.slice(0, 3).join('; ')}`);
    const [, compileMs] = timed(() => compileSnapshot(parsed, testBox));
    const [, routedMs] = timed(() => {
      const config = compileSnapshot(parsed, testBox);
      for (const model of config.models.values()) void model.routes.length;
    });
    parses.push(parseMs);
    validations.push(validateMs);
    compiles.push(compileMs);
    routed.push(routedMs);
  }
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(`\nSynthetic catalog: ${MODELS} models, ${CHANNELS} channels (${MODELS_PER_CHANNEL} models, 2 keys each), ${GROUPS} groups, ${content.memberships.length} memberships`);
  console.table({
    'snapshot size': { value: `${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB` },
    'build from PostgreSQL, cold (median of 10)': { value: fmt(median(cold)) },
    'build from PostgreSQL, one model changed (median of 10)': { value: fmt(median(warm)) },
    'canonical JSON + sha256 from scratch (median of 10)': { value: fmt(median(hashes)) },
    'Redis write: script + announce (median of 20)': { value: fmt(median(writes)) },
    'Redis read: GET (median of 20)': { value: fmt(median(reads)) },
    'JSON.parse (median of 20)': { value: fmt(median(parses)) },
    'validate incl. hash check (median of 20)': { value: fmt(median(validations)) },
    'compile incl. key decryption (median of 20)': { value: fmt(median(compiles)) },
    'compile + routes of every model (median of 20)': { value: fmt(median(routed)) },
  });

  // Push latency: change -> applied on every data plane.
  const rows: Record<string, Record<string, string>> = {};
  let value = 1;
  for (const n of [1, 4]) {
    const planes: DataPlane[] = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        startTestDataPlane({ nodeName: `bench-${n}-${i}`, redisPrefix: cp.redisPrefix, dataDir: dir.path, env: { SNAPSHOT_POLL_MS: '5000', HEARTBEAT_MS: '2000' } }),
      ),
    );
    const latencies: number[] = [];
    const updates: number[] = [];
    const publishes: number[] = [];
    const applies: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const start = performance.now();
      await cp.services.deps.orm.em.fork().nativeUpdate(Group, { name: 'bench_0' }, { priceMultiplier: String(++value) });
      const updated = performance.now();
      const outcome = await cp.services.catalogChanged();
      if (!outcome?.published) throw new Error('a change was not published');
      const published = performance.now();
      while (!planes.every((p) => (p.runtime()?.revision ?? 0) >= outcome.revision)) await new Promise((r) => setImmediate(r));
      const applied = performance.now();
      latencies.push(applied - start);
      updates.push(updated - start);
      publishes.push(published - updated);
      applies.push(applied - published);
    }
    const p50p99 = (xs: number[]) => `${fmt(percentile(xs, 50))} / ${fmt(percentile(xs, 99))}`;
    rows[`N = ${n}`] = {
      p50: fmt(percentile(latencies, 50)),
      p99: fmt(percentile(latencies, 99)),
      max: fmt(Math.max(...latencies)),
      changes: String(CHANGES),
      'db update p50/p99': p50p99(updates),
      'build+publish p50/p99': p50p99(publishes),
      'then applied p50/p99': p50p99(applies),
    };
    await Promise.all(planes.map((p) => p.close()));
  }
  console.log('\nChange -> new revision applied on all N data planes');
  console.table(rows);
} finally {
  await cp.stop();
  await dir.remove();
}
