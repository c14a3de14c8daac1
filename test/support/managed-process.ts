import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Every process started by this module and still running: killed when the test process exits, whatever happened. */
const alive = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of alive) child.kill('SIGKILL');
});

/** Lines of output kept per process (the tail is what a failing test prints). */
const KEPT_LINES = 400;

/**
 * A child process of a test (a server: redis-server, a control plane, a data plane) whose output
 * is kept for the report of a failing test, and which can be signalled, awaited and restarted.
 * A process still running when the test process exits is killed with it (no orphans).
 */
export class ManagedProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);
  private readonly lines: string[] = [];
  /** Exit codes (or signal names) of the runs that ended, oldest first. */
  readonly exits: (number | string)[] = [];

  constructor(
    /** Shown before each output line, e.g. `domestic`. */
    readonly name: string,
    private readonly command: string,
    private readonly args: readonly string[],
    private readonly options: { cwd?: string; env: Record<string, string> },
  ) {}

  /** Starts (or starts again) the process; it must not be running. */
  start(): void {
    if (this.running) throw new Error(`${this.name} is already running`);
    const child = spawn(this.command, [...this.args], { cwd: this.options.cwd, env: this.options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    alive.add(child);
    this.note(`started (pid ${child.pid})`);
    // Whole lines, however the pipe cuts them: a log line read in two chunks is still one line.
    for (const output of [child.stdout!, child.stderr!]) {
      createInterface({ input: output, crlfDelay: Infinity }).on('line', (line) => {
        if (line.trim()) this.note(line);
      });
    }
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        alive.delete(child);
        this.exits.push(code ?? signal ?? 'unknown');
        this.note(`exited (${code ?? signal})`);
        resolve(code);
      });
      child.once('error', (err) => {
        alive.delete(child);
        this.note(`could not start: ${err.message}`);
        resolve(null);
      });
    });
  }

  /** True while the last start is running. */
  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null && alive.has(this.child);
  }

  /** The pid of the running process. */
  get pid(): number {
    if (!this.child?.pid || !this.running) throw new Error(`${this.name} is not running`);
    return this.child.pid;
  }

  /** Sends `signal` to the running process. */
  signal(signal: NodeJS.Signals): void {
    this.note(`<- ${signal}`);
    process.kill(this.pid, signal);
  }

  /** Resolves with the exit code once the process ended; throws past `timeoutMs`. */
  async waitExit(timeoutMs: number): Promise<number | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${this.name} still running ${timeoutMs} ms after it was told to stop`)), timeoutMs);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Kills the process (SIGKILL, after SIGCONT in case it was stopped) and waits for its end; nothing when not running. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.signal('SIGCONT');
    this.signal('SIGKILL');
    await this.waitExit(10_000);
  }

  /** The last lines of output, each prefixed with the process name. */
  output(): string {
    return this.lines.join('\n');
  }

  private note(line: string): void {
    this.lines.push(`[${this.name} ${new Date().toISOString().slice(11, 23)}] ${line}`);
    if (this.lines.length > KEPT_LINES) this.lines.splice(0, this.lines.length - KEPT_LINES);
  }
}
