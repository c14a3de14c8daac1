/**
 * Benchmark (not a test) of the routing-snapshot push, on real PostgreSQL and Redis (the test ones).
 *
 *   npm run bench -- snapshot-push
 *
 * Seeds a synthetic full catalog (bench/snapshot-push/catalog.ts: 1,000 models, 50 channels with 2
 * keys each serving 200 models, 13 groups, each channel in 2 groups), then prints:
 * - snapshot size and the cost of each step of a push (median of 20): build from PostgreSQL (cold,
 *   and incremental after one change), canonical JSON + hash from scratch, Redis write and read,
 *   and on a data plane: parse (JSON.parse of the whole text for reference, and the data plane's
 *   parse, sections apart and hashed), validate (with the hash check), compile (and compile plus
 *   the routes of every model, which compile leaves to first use); then what a data plane does
 *   with a snapshot that differs from the applied one in one group only: keep the unchanged
 *   sections, validate and compile the rest;
 * - the time from a catalog change (a group multiplier updated through the ORM, then
 *   `services.catalogChanged()`, what a GraphQL mutation does) until the new revision is applied
 *   on every one of N data planes (N = 1 and 4), p50/p99 over 200 changes, split into the database
 *   update, the build and publish, and the rest until the last data plane applied it; and the
 *   CPU time a data plane spends per change.
 *
 * Placement, as in production: each data plane is its own process (bench/snapshot-push/plane.ts:
 * the full data plane, loader, heartbeat and HTTP server, on its own Redis connections); the
 * control plane runs in this process. A data plane notes the moment it applies a revision on the
 * machine's monotonic clock, which this process shares, so "applied" is as the data plane observes
 * it. The machine has 2 cores: N = 4 data planes, the control plane, PostgreSQL and Redis share them.
 */
import { fileURLToPath } from 'node:url';
import { Group } from '../control-plane/catalog/group.entity.js';
import { SnapshotBuilder } from '../control-plane/publish/snapshot.builder.js';
import { compileSnapshot } from '../shared/snapshot/compile.js';
import { parseSnapshotText } from '../data-plane/config/snapshot-text.js';
import { canonicalContent, snapshotText } from '../shared/snapshot/hash.js';
import type { RoutingSnapshot } from '../shared/snapshot/types.js';
import { validateSnapshot } from '../shared/snapshot/validate.js';
import { startTestControlPlane, type TestControlPlane } from '../test/support/control-plane.js';
import { tempDataDir } from '../test/support/data-plane.js';
import { testBox } from '../test/support/snapshot.js';
import { startChild, type BenchChild } from './lib/child.js';
import { median, monotonicMs, ms, percentile, timed } from './lib/stats.js';
import { CATALOG, CHANGED_GROUP, seedSyntheticCatalog } from './snapshot-push/catalog.js';

const CHANGES = 200;
const PLANES = [1, 4];

process.env.LOG_LEVEL ??= 'error';

/** Median of `runs` timings of `fn`. */
function medianOf(runs: number, fn: () => unknown): number {
  return median(Array.from({ length: runs }, () => timed(fn)[1]));
}

/** Snapshot size and the cost of each step of a push, one step at a time. */
async function stepFigures(cp: TestControlPlane): Promise<Record<string, { value: string }>> {
  const { orm, ports } = cp.services.deps;
  const bus = ports.configBus;
  const cold: number[] = [];
  const warm: number[] = [];
  const builder = new SnapshotBuilder();
  let built = await builder.build(orm.em.fork());
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    await new SnapshotBuilder().build(orm.em.fork());
    cold.push(performance.now() - start);
    await orm.em.fork().nativeUpdate(Group, { name: CHANGED_GROUP }, { priceMultiplier: String(1 + i / 10) });
    const again = performance.now();
    built = await builder.build(orm.em.fork());
    warm.push(performance.now() - again);
  }
  const content = built.content;
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
  const first = parseSnapshotText(text);
  const parsed = first.value as RoutingSnapshot;
  if (!first.sections || first.hashed === null) throw new Error('the wire text is not in the layout data planes expect');
  const problems = validateSnapshot(parsed, first.hashed);
  if (problems.length) throw new Error(`synthetic snapshot invalid: ${problems.slice(0, 3).join('; ')}`);
  const applied = compileSnapshot(parsed, testBox);

  // The next snapshot differs in one group: what the loader does with it (see SnapshotLoader.consider).
  const next = structuredClone(content);
  next.groups[0] = { ...next.groups[0], multiplier: '99' };
  const nextCanonical = canonicalContent(next);
  const nextText = snapshotText(nextCanonical, { ...head, revision: 2, hash: nextCanonical.hash });
  const appliedText = { snapshot: parsed, sections: first.sections };
  const incremental = () => {
    const { value, hashed } = parseSnapshotText(nextText, appliedText);
    if (validateSnapshot(value, hashed ?? undefined, { channels: parsed.channels, models: parsed.models }).length) throw new Error('incremental snapshot invalid');
    return compileSnapshot(value as RoutingSnapshot, testBox, applied);
  };

  return {
    'snapshot size': { value: `${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB` },
    'build from PostgreSQL, cold (median of 10)': { value: ms(median(cold)) },
    'build from PostgreSQL, one group changed (median of 10)': { value: ms(median(warm)) },
    'canonical JSON + hash from scratch (median of 10)': { value: ms(medianOf(10, () => canonicalContent(content))) },
    'Redis write: staged SET + publish script (median of 20)': { value: ms(median(writes)) },
    'Redis read: GET (median of 20)': { value: ms(median(reads)) },
    'JSON.parse, for reference (median of 20)': { value: ms(medianOf(20, () => JSON.parse(text))) },
    'parse the wire text, sections apart and hashed (median of 20)': { value: ms(medianOf(20, () => parseSnapshotText(text))) },
    'validate incl. hash check (median of 20)': { value: ms(medianOf(20, () => validateSnapshot(parsed, first.hashed!))) },
    'compile incl. key decryption (median of 20)': { value: ms(medianOf(20, () => compileSnapshot(parsed, testBox))) },
    'compile + routes of every model (median of 20)': {
      value: ms(
        medianOf(20, () => {
          for (const model of compileSnapshot(parsed, testBox).models.values()) void model.routes.length;
        }),
      ),
    },
    'one group changed: parse, keep sections, validate, compile (median of 20)': { value: ms(medianOf(20, incremental)) },
  };
}

/** Change -> applied on all of `n` data planes, each in its own process. */
async function pushLatency(cp: TestControlPlane, n: number, dataDir: string, value: { next: number }): Promise<Record<string, string>> {
  const script = fileURLToPath(new URL('./snapshot-push/plane.ts', import.meta.url));
  const planes: BenchChild[] = await Promise.all(Array.from({ length: n }, (_, i) => startChild(script, [`bench-${n}-${i}`, cp.redisPrefix, dataDir])));
  try {
    const cpuBefore = await Promise.all(planes.map((p) => p.call<NodeJS.CpuUsage>('cpu')));
    const [latencies, updates, publishes, applies]: number[][] = [[], [], [], []];
    for (let i = 0; i < CHANGES; i++) {
      const start = monotonicMs();
      await cp.services.deps.orm.em.fork().nativeUpdate(Group, { name: CHANGED_GROUP }, { priceMultiplier: String(++value.next) });
      const updated = monotonicMs();
      const outcome = await cp.services.catalogChanged();
      if (!outcome?.published) throw new Error('a change was not published');
      const published = monotonicMs();
      const applied = Math.max(...(await Promise.all(planes.map((p) => p.call<number>('appliedAt', outcome.revision)))));
      latencies.push(applied - start);
      updates.push(updated - start);
      publishes.push(published - updated);
      applies.push(applied - published);
    }
    const cpuAfter = await Promise.all(planes.map((p) => p.call<NodeJS.CpuUsage>('cpu')));
    const cpuMs = cpuAfter.map((c, i) => (c.user + c.system - cpuBefore[i].user - cpuBefore[i].system) / 1000);
    const p50p99 = (xs: number[]) => `${ms(percentile(xs, 50))} / ${ms(percentile(xs, 99))}`;
    return {
      p50: ms(percentile(latencies, 50)),
      p99: ms(percentile(latencies, 99)),
      max: ms(Math.max(...latencies)),
      changes: String(CHANGES),
      'db update p50/p99': p50p99(updates),
      'build+publish p50/p99': p50p99(publishes),
      'then applied p50/p99': p50p99(applies),
      'data-plane CPU per change': ms(cpuMs.reduce((a, b) => a + b, 0) / n / CHANGES),
    };
  } finally {
    await Promise.all(planes.map((p) => p.stop()));
  }
}

const cp = await startTestControlPlane({ env: { DATA_PLANE_WATCH_MS: '60000' } });
const dir = await tempDataDir();
try {
  await seedSyntheticCatalog(cp.services.deps.orm, cp.services.deps.secrets);
  const steps = await stepFigures(cp);
  const content = (await new SnapshotBuilder().build(cp.services.deps.orm.em.fork())).content;
  console.log(
    `\nSynthetic catalog: ${CATALOG.models} models, ${CATALOG.channels} channels (${CATALOG.modelsPerChannel} models, ${CATALOG.keysPerChannel} keys each), ${CATALOG.groups} groups, ${content.memberships.length} memberships`,
  );
  console.table(steps);

  const rows: Record<string, Record<string, string>> = {};
  const value = { next: 1 };
  for (const n of PLANES) rows[`N = ${n}`] = await pushLatency(cp, n, dir.path, value);
  console.log('\nChange -> new revision applied on all N data planes (each its own process)');
  console.table(rows);
} finally {
  await cp.stop();
  await dir.remove();
}
