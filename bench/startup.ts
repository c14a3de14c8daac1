/**
 * A data plane's start and idle memory, compiled (`npm run start:data-plane`: `node dist/...`)
 * against run-time transpiled (`node --import @swc-node/register/esm-register data-plane/main.ts`,
 * how it ran before the build existed): for each, the time from spawning the process to its first
 * served request (a metered chat completion of the demo channel, polled every 10 ms), with its
 * disk snapshot in DATA_DIR (Redis answers here, so the loader applies Redis' copy of the same
 * revision first; the disk copy is what it starts from when Redis is away), and its RSS after it
 * served that request and then sat idle: a few seconds, and long enough to have settled (V8's
 * memory reducer gives back, some seconds into idleness, the young generation that start-up grew).
 *
 *   npm run bench -- startup
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileServer } from '../tools/compile.js';
import { startTestControlPlane, TEST_SECRET_KEY } from '../test/support/control-plane.js';
import { tempDataDir } from '../test/support/data-plane.js';
import { TEST_REDIS_URL } from '../test/support/database.js';
import { freePort } from '../test/support/free-port.js';
import { fundedKey } from '../test/support/funded-key.js';
import { median } from './lib/stats.js';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
/** Starts of each variant measured (after one unmeasured start each), alternating. */
const ROUNDS = Number(process.env.STARTUP_ROUNDS ?? 5);
/** How long a data plane sits idle after its first request before its RSS is read. */
const IDLE_MS = Number(process.env.STARTUP_IDLE_MS ?? 5000);
/** How long after its first request a data plane's RSS is read again, settled (V8 starts reducing memory 8 s into idleness). */
const SETTLED_MS = Number(process.env.STARTUP_SETTLED_MS ?? 30_000);
/**
 * STARTUP_NICE: a scheduling priority for the data planes (-20 to 19; below 0 needs root), so that
 * on a machine busy with other work their wall time shows what they take rather than their wait.
 */
const NICE = process.env.STARTUP_NICE === undefined ? undefined : Number(process.env.STARTUP_NICE);

const VARIANTS = {
  compiled: ['dist/data-plane/main.js'],
  transpiled: ['--import', '@swc-node/register/esm-register', 'data-plane/main.ts'],
} as const;
type Variant = keyof typeof VARIANTS;

interface Start {
  /** Until it answered /healthz: its modules loaded, a snapshot applied, its port open. */
  listeningMs: number;
  firstServedMs: number;
  /** CPU time (user + system) the process used until it served: what a busy machine's wait does not inflate. */
  firstServedCpuMs: number;
  idleRssMb: number;
  settledRssMb: number;
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? NaN) / 1024;
}

/** The CPU time `pid` used so far, ms (Linux counts it in ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const [utime, stime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 13).map(Number);
  return (utime + stime) * 10;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

const compiled = await compileServer({ ifStale: true });
if (compiled > 0) console.log(`(compiled ${compiled} files into dist/ first)`);
const cp = await startTestControlPlane();
const dataDir = await tempDataDir();
try {
  const { key } = await fundedKey(cp, 1_000_000_000n);
  const body = JSON.stringify({ model: 'demo-chat', max_tokens: 16, messages: [{ role: 'user', content: 'hello' }] });

  /** Starts `variant`, times its first served request, waits idle, reads its RSS, stops it. */
  const start = async (variant: Variant): Promise<Start> => {
    const port = await freePort();
    const env = { PATH: process.env.PATH ?? '', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: cp.redisPrefix, SECRET_KEY: TEST_SECRET_KEY, NODE_NAME: 'startup' };
    Object.assign(env, { DATA_PLANE_PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir.path, LOG_LEVEL: 'warn' });
    const started = performance.now();
    const child = spawn(process.execPath, [...VARIANTS[variant]], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (NICE !== undefined) setPriority(child.pid!, NICE);
    try {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the ${variant} data plane exited (${child.exitCode})`);
        const listening = await fetch(`http://127.0.0.1:${port}/healthz`)
          .then((r) => r.status === 200)
          .catch(() => false);
        if (listening) break;
        if (performance.now() - started > 60_000) throw new Error(`the ${variant} data plane did not listen in 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const listeningMs = performance.now() - started;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the ${variant} data plane exited (${child.exitCode})`);
        const served = await fetch(`http://127.0.0.1:${port}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body })
          .then((r) => r.status === 200)
          .catch(() => false);
        if (served) break;
        if (performance.now() - started > 60_000) throw new Error(`the ${variant} data plane served nothing in 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const firstServedMs = performance.now() - started;
      const firstServedCpuMs = cpuMs(child.pid!);
      const servedAt = performance.now();
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      const idleRssMb = rssMb(child.pid!);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, SETTLED_MS - (performance.now() - servedAt))));
      return { listeningMs, firstServedMs, firstServedCpuMs, idleRssMb, settledRssMb: rssMb(child.pid!) };
    } finally {
      await stop(child);
    }
  };

  // One unmeasured start each: the first writes the disk snapshot the others start with, and both warm the file cache.
  await start('compiled');
  if (!existsSync(join(dataDir.path, 'snapshot-startup.json'))) throw new Error('the data plane kept no disk snapshot');
  await start('transpiled');
  const results: Record<Variant, Start[]> = { compiled: [], transpiled: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating order, so that a slow moment of the machine falls on both.
    const order: Variant[] = round % 2 === 0 ? ['compiled', 'transpiled'] : ['transpiled', 'compiled'];
    for (const variant of order) results[variant].push(await start(variant));
  }

  const range = (values: number[], digits: number) => `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;
  const cell = (variant: Variant, f: (s: Start) => number, digits: number) => {
    const values = results[variant].map(f);
    return `${median(values).toFixed(digits)} (${range(values, digits)})`.padEnd(22);
  };
  const priority = NICE === undefined ? '' : `, data planes at nice ${NICE}`;
  const idle = `RSS, MB, ${IDLE_MS / 1000} s idle`.padEnd(22);
  const settled = `RSS, MB, ${SETTLED_MS / 1000} s idle`.padEnd(22);
  console.log(`\nData plane start with its disk snapshot, ${ROUNDS} starts each (median, range)${priority}; RSS ${IDLE_MS / 1000} s and ${SETTLED_MS / 1000} s after its first request`);
  console.log(`| start      | listening, ms          | first served, ms       | CPU until then, ms     | ${idle} | ${settled} |`);
  console.log(`|------------|------------------------|------------------------|------------------------|------------------------|------------------------|`);
  for (const variant of ['compiled', 'transpiled'] as const) {
    const cells = [cell(variant, (r) => r.listeningMs, 0), cell(variant, (r) => r.firstServedMs, 0), cell(variant, (r) => r.firstServedCpuMs, 0), cell(variant, (r) => r.idleRssMb, 1), cell(variant, (r) => r.settledRssMb, 1)];
    console.log(`| ${variant.padEnd(10)} | ${cells.join(' | ')} |`);
  }
  const ratio = (f: (s: Start) => number) => (median(results.compiled.map(f)) / median(results.transpiled.map(f))).toFixed(2);
  console.log(`compiled / transpiled: first served ${ratio((r) => r.firstServedMs)}x, CPU ${ratio((r) => r.firstServedCpuMs)}x, RSS ${ratio((r) => r.idleRssMb)}x and settled ${ratio((r) => r.settledRssMb)}x (goals: compiled < 1000 ms, < 100 MB)`);
  console.log(`load average while measuring: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (2 cores)`);
} finally {
  await cp.stop();
  await dataDir.remove();
}
