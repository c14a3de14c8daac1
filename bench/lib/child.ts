/**
 * Benchmark processes that answer calls from the parent over IPC, so a benchmark can place its
 * parts on separate processes (and cores) and still drive them step by step.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';

/**
 * Node options of benchmark processes: TypeScript through swc; `gc()` for memory readings; with
 * BENCH_PROF=<dir>, a CPU profile of each process written there; BENCH_FLAGS: more Node flags
 * (e.g. `--trace-gc`), space-separated.
 */
export const BENCH_EXEC_ARGV = [
  '--import',
  '@swc-node/register/esm-register',
  '--expose-gc',
  ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
  ...(process.env.BENCH_FLAGS?.split(' ').filter(Boolean) ?? []),
];

type Handlers = Record<string, (arg: never) => unknown>;

interface Call {
  id: number;
  cmd: string;
  arg: unknown;
}

type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/** A running child process answering calls. */
export interface BenchChild {
  readonly pid: number;
  /** Runs the child's handler `cmd` with `arg` and resolves with its result. */
  call<T>(cmd: string, arg?: unknown): Promise<T>;
  /** Asks the child to exit and waits for it. */
  stop(): Promise<void>;
}

/** Starts `script` (a module calling {@link serveParent}) with `args`, in `cwd` if given; resolves once it listens. */
export async function startChild(script: string, args: string[] = [], cwd?: string): Promise<BenchChild> {
  const child: ChildProcess = fork(script, args, { cwd, execArgv: BENCH_EXEC_ARGV, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let next = 0;
  const exited = once(child, 'exit');
  void exited.then(() => {
    for (const p of pending.values()) p.reject(new Error(`${script} exited`));
    pending.clear();
  });
  const [first] = (await Promise.race([once(child, 'message'), exited.then(() => [{ exited: true }])])) as [{ ready?: true }];
  if (!first.ready) throw new Error(`${script} exited before it was ready`);
  child.on('message', (message: Answer) => {
    const p = pending.get(message.id);
    pending.delete(message.id);
    if (message.ok) p?.resolve(message.value);
    else p?.reject(new Error(`${script}: ${message.error}`));
  });
  return {
    pid: child.pid!,
    call: <T>(cmd: string, arg?: unknown) =>
      new Promise<T>((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        child.send({ id, cmd, arg } satisfies Call);
      }),
    stop: async () => {
      if (child.exitCode !== null) return;
      child.send({ id: -1, cmd: 'exit', arg: null } satisfies Call);
      await exited;
    },
  };
}

/**
 * In a child started by {@link startChild}: answers each call with `handlers[cmd](arg)`; the
 * call `exit` runs `onExit` then ends the process.
 */
export function serveParent(handlers: Handlers, onExit: () => Promise<void> = async () => undefined): void {
  process.on('message', (message: Call) => {
    if (message.cmd === 'exit') {
      void onExit().finally(() => process.exit(0));
      return;
    }
    const handler = handlers[message.cmd];
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`unknown call ${message.cmd}`);
        return handler(message.arg as never);
      })
      .then(
        (value) => process.send!({ id: message.id, ok: true, value } satisfies Answer),
        (err: Error) => process.send!({ id: message.id, ok: false, error: err.stack ?? String(err) } satisfies Answer),
      );
  });
  process.send!({ ready: true });
}

/** This process's memory after full garbage collections (needs --expose-gc), in bytes. */
export function memoryAfterGc(): { rss: number; heap: number } {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('start with --expose-gc');
  gc();
  gc();
  const m = process.memoryUsage();
  // heapUsed: JS objects; external: buffers and other native memory V8 accounts for (sockets' buffers).
  return { rss: m.rss, heap: m.heapUsed + m.external };
}

let gcMs: number | undefined;

/**
 * Milliseconds this process spent in garbage collection pauses since the first call (which starts
 * counting). A process can stay in a costlier GC pattern for its whole life than an identical one
 * (bench/README.md), so the benchmarks print it beside the CPU time.
 */
export function gcMilliseconds(): number {
  if (gcMs === undefined) {
    gcMs = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) gcMs! += entry.duration;
    }).observe({ entryTypes: ['gc'] });
  }
  return gcMs;
}

/** Microseconds so far of this process's threads (Linux scheduler statistics), see {@link threadTimes}. */
export interface ThreadTimes {
  /** The main thread (the event loop): running on a core. */
  main: number;
  /** The main thread: ready to run and waiting for a core (taken by another process, or by a thread of this one). */
  mainWaiting: number;
  /** Every other thread running: V8's garbage collection helpers and compiler, libuv's pool. */
  others: number;
}

/** `/proc/self/task/<id>/schedstat`: nanoseconds running and waiting to run. */
function schedstat(task: string): [running: number, waiting: number] {
  const [running, waiting] = readFileSync(`/proc/self/task/${task}/schedstat`, 'utf8').split(' ').map(Number);
  return [running, waiting];
}

/**
 * This process's time by thread, or null where Linux' /proc does not tell it. Where a process's
 * CPU time goes beyond its event loop: a busier heap keeps V8's helper threads busier, and they and
 * the other processes of a 2-core machine make the event loop wait for a core.
 */
export function threadTimes(): ThreadTimes | null {
  try {
    const main = String(process.pid);
    const [running, waiting] = schedstat(main);
    let others = 0;
    for (const task of readdirSync('/proc/self/task')) if (task !== main) others += schedstat(task)[0];
    return { main: running / 1000, mainWaiting: waiting / 1000, others: others / 1000 };
  } catch {
    return null;
  }
}
