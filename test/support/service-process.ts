/**
 * `npm start` (all-in-one) as a child process of a test, on a temporary DATA_DIR and free ports,
 * and what is left of it: its processes (read from /proc) and its ports. For signal and restart
 * tests: whatever a test leaves running is killed when the test process exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.js';

/** One process as /proc shows it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  args: string[];
}

/** Every process of the machine. */
export function processes(): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      out.push({ pid: Number(entry), ppid, args });
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

/** The PostgreSQL servers (postmasters) running on `dataDir`'s embedded database. */
export function postgresOf(dataDir: string): ProcessInfo[] {
  const pgDir = resolve(dataDir, 'pg');
  return processes().filter((p) => /postgres$/.test(p.args[0] ?? '') && p.args.includes('-D') && p.args[p.args.indexOf('-D') + 1] === pgDir);
}

/** Whether a TCP connection to 127.0.0.1:`port` is accepted. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolveAccepts) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolveAccepts(true);
    });
    socket.once('error', () => resolveAccepts(false));
  });
}

/** Kills every process given (SIGKILL), ignoring those already gone. */
function killAll(list: ProcessInfo[]): void {
  for (const p of list) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
}

const running = new Set<ServiceUnderTest>();
process.once('exit', () => {
  for (const service of running) service.killEverything();
});

/** The all-in-one service on its own DATA_DIR and ports. */
export class ServiceUnderTest {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'meridian-lifecycle-'));
  ports = { controlPlane: 0, dataPlane: 0, postgres: 0 };
  child: ChildProcess | undefined;
  output = '';

  /** Picks the ports (kept across restarts). */
  async init(): Promise<this> {
    this.ports = { controlPlane: await freePort(), dataPlane: await freePort(), postgres: await freePort() };
    running.add(this);
    return this;
  }

  get env(): Record<string, string> {
    const { npm_lifecycle_event: _event, npm_config_ignore_scripts: _ignore, ...inherited } = process.env as Record<string, string>;
    return {
      ...inherited,
      DATA_DIR: this.dataDir,
      CONTROL_PLANE_PORT: String(this.ports.controlPlane),
      DATA_PLANE_PORT: String(this.ports.dataPlane),
      EMBEDDED_PG_PORT: String(this.ports.postgres),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'lifecycle-pass',
      LOG_LEVEL: 'info',
    };
  }

  /**
   * Starts `npm start` (without its console build, `--ignore-scripts`: the console is not what
   * these tests are about, and building it costs half a minute) or, with `direct`, the node
   * process alone; resolves once it printed that it is running.
   */
  async start(options: { direct?: boolean } = {}): Promise<ChildProcess> {
    const [command, args] = options.direct
      ? ['node', ['--import', '@swc-node/register/esm-register', 'control-plane/main/all-in-one.ts']]
      : ['npm', ['start', '--ignore-scripts']];
    this.output = '';
    const child = spawn(command, args as string[], { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const exited = new Promise<never>((_, reject) => child.once('exit', (code, signal) => reject(new Error(`exited (${code ?? signal}) before it was running:\n${this.output}`))));
    exited.catch(() => undefined);
    const up = new Promise<void>((resolveUp) => {
      const read = (chunk: Buffer) => {
        this.output += chunk.toString('utf8');
        if (this.output.includes('Meridian is running')) resolveUp();
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
    });
    await Promise.race([up, exited]);
    return child;
  }

  /** The processes started for this service: the child and its descendants. */
  tree(): ProcessInfo[] {
    const all = processes();
    const root = this.child?.pid;
    const ids = new Set(root === undefined ? [] : [root]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const p of all) if (ids.has(p.ppid) && !ids.has(p.pid)) grew = ids.add(p.pid).size > 0;
    }
    return all.filter((p) => ids.has(p.pid));
  }

  /** Every process of this service still running, found by its DATA_DIR (npm, node) or its database directory (PostgreSQL). */
  leftovers(): ProcessInfo[] {
    const marker = `DATA_DIR=${this.dataDir}`;
    const own = processes().filter((p) => {
      try {
        return p.pid !== process.pid && readFileSync(`/proc/${p.pid}/environ`, 'utf8').split('\0').includes(marker);
      } catch {
        return false;
      }
    });
    return [...own, ...postgresOf(this.dataDir)];
  }

  /** Kills what is left and removes the data directory. */
  killEverything(): void {
    killAll(this.leftovers());
  }

  async remove(): Promise<void> {
    this.killEverything();
    running.delete(this);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
