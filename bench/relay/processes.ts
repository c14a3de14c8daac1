/**
 * The processes of the relay benchmarks (bench/relay.ts, bench/billing.ts): the rig (fake
 * upstream + load generator, ./rig.ts) and the processes under test (./subject.ts), each its own
 * event loop, driven over IPC.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild, type BenchChild } from '../lib/child.js';
import type { ClosedLoopResult } from '../lib/load.js';

const script = (name: string) => fileURLToPath(new URL(`./${name}.ts`, import.meta.url));

/** A process under test: the data plane with metering on (`relay`) or off (`relay-off`), or the bare proxy. */
export type SubjectKind = 'bare' | 'relay' | 'relay-off';

/** A process under test, its address and (for the data plane) its gateway key. */
export interface Subject {
  child: BenchChild;
  url: string;
  key?: string;
}

/** Starts the rig; its fake upstream's URL is `rig.call('upstream')`. */
export function startRig(): Promise<BenchChild> {
  return startChild(script('rig'));
}

/**
 * Starts a process under test in front of `upstreamUrl`; `tree`: the root of another checkout of
 * the repository whose code it runs (./trees.ts), instead of this one's.
 */
export async function startSubject(kind: SubjectKind, upstreamUrl: string, tree?: string): Promise<Subject> {
  const args = kind === 'bare' ? ['bare', upstreamUrl] : ['relay', upstreamUrl, kind === 'relay' ? 'metered' : 'unmetered'];
  const child = tree ? await startChild(join(tree, 'bench', 'relay', 'subject.ts'), args, tree) : await startChild(script('subject'), args);
  const address = await child.call<{ url: string; key?: string }>('address');
  return { child, ...address };
}

/** Runs `fn` and returns its result with the CPU share (percent of one core) each process used meanwhile. */
export async function withCpu<T>(children: BenchChild[], fn: () => Promise<T>): Promise<[T, number[]]> {
  const before = await Promise.all(children.map((c) => c.call<NodeJS.CpuUsage>('cpu')));
  const start = performance.now();
  const result = await fn();
  const wallUs = (performance.now() - start) * 1000;
  const after = await Promise.all(children.map((c) => c.call<NodeJS.CpuUsage>('cpu')));
  return [result, after.map((a, i) => (100 * (a.user + a.system - before[i].user - before[i].system)) / wallUs)];
}

/** A process's CPU time per request, µs, from its CPU share (percent of one core, {@link withCpu}) during a closed-loop run. */
export function cpuPerRequest(cpuPercent: number, run: ClosedLoopResult): number {
  return (cpuPercent / 100) * (1e6 / Math.max(1, (run.ok + run.failed) / run.seconds));
}
