import { ConfigError } from '../config/env.js';
import { createLogger } from '../log.js';

const log = createLogger('main');

/** How often a process started by npm checks that npm is still there. */
const PARENT_CHECK_MS = 1000;

/**
 * Runs a process entry point: a configuration problem prints one clear line naming the variable
 * and exits 1, any other start-up failure one line naming its cause; SIGTERM, SIGINT and SIGHUP
 * run `close` (drain in-flight requests, close connections, stop what the process started) and
 * exit 0. A signal during start-up stops the process once started. A second signal exits at once.
 *
 * Started by npm (`npm start`), the process also stops when npm is gone: a process manager's
 * SIGKILL of npm leaves no one to pass a signal on (the npm scripts `exec` node, so a SIGTERM of
 * npm does reach it).
 */
export async function runMain(start: () => Promise<{ close(): Promise<void> }>): Promise<void> {
  let running: { close(): Promise<void> } | undefined;
  let stopping: string | undefined;
  const stop = (why: string) => {
    if (stopping) {
      log.warn('stopping at once', { signal: why, while: stopping });
      process.exit(1);
    }
    stopping = why;
    log.info('shutting down', { signal: why });
    // During start-up: stopped as soon as it is up (below).
    if (running) void close(running);
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
  if (process.env.npm_lifecycle_event) watchParent(() => stop('parent process exited'));

  try {
    running = await start();
  } catch (err) {
    if (err instanceof ConfigError) console.error(`Configuration error: ${err.message}`);
    else console.error(`Failed to start: ${describeError(err)}`);
    process.exit(1);
  }
  if (stopping) void close(running);
}

function close(running: { close(): Promise<void> }): Promise<void> {
  return running
    .close()
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      console.error(`Error while shutting down: ${describeError(err)}`);
      process.exit(1);
    });
}

/** Calls `onGone` once when this process' parent exits (it is then adopted by another). */
function watchParent(onGone: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, PARENT_CHECK_MS);
  timer.unref();
}

/** One line naming what went wrong, whatever was thrown (an Error and its causes, or anything else). */
export function describeError(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e !== undefined && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof AggregateError && e.errors.length > 0) parts.push(e.errors.map(describeError).join('; '));
    else if (e instanceof Error) parts.push(e.message || e.name);
    else parts.push(typeof e === 'string' ? e : JSON.stringify(e));
    if (!(e instanceof Error)) break;
  }
  return parts.filter(Boolean).join(': ') || 'an unknown error (nothing was thrown with it)';
}
