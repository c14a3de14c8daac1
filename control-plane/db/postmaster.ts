/**
 * The embedded PostgreSQL's process, as its data directory names it (`postmaster.pid`, whose first
 * line is the postmaster's pid): to stop one an earlier start left running (that process was
 * killed with `kill -9`, so it could not stop its database), and to know whether ours still runs.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Whether `pid` names a live process (of any user). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in `<databaseDir>/postmaster.pid`, or null when there is none. */
export function postmasterPid(databaseDir: string): number | null {
  let text: string;
  try {
    text = readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.split('\n')[0]);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

/** Whether `pid` is a postgres server of `databaseDir` (its command line: `postgres -D <databaseDir> ...`). */
function servesDirectory(pid: number, databaseDir: string): boolean {
  let args: string[];
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return false;
  }
  const dataDir = args[args.indexOf('-D') + 1];
  return /(^|\/)postgres$/.test(args[0] ?? '') && args.includes('-D') && resolve(dataDir) === resolve(databaseDir);
}

/** Waits up to `ms` for `pid` to exit; returns whether it did. */
async function exited(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/**
 * Stops a PostgreSQL left running on `databaseDir` by an earlier start, and returns its pid (null
 * when none runs). A `postmaster.pid` naming a process that is not that server (a pid reused since)
 * is stale and removed, as PostgreSQL would refuse to start beside it. Throws, saying what to do,
 * when the server cannot be stopped.
 */
export async function stopLeftoverPostmaster(databaseDir: string): Promise<number | null> {
  const pid = postmasterPid(databaseDir);
  if (pid === null || !alive(pid)) return null;
  if (!servesDirectory(pid, databaseDir)) {
    rmSync(join(databaseDir, 'postmaster.pid'), { force: true });
    return null;
  }
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ESRCH') {
        throw new Error(`a PostgreSQL left running on ${databaseDir} (pid ${pid}) cannot be stopped by this user (${(err as Error).message}): stop it with "kill ${pid}" as its owner, then start again`);
      }
    }
  };
  // Fast shutdown (rolls back open transactions, writes a checkpoint), then immediate.
  signal('SIGINT');
  if (await exited(pid, 20_000)) return pid;
  signal('SIGQUIT');
  if (await exited(pid, 10_000)) return pid;
  throw new Error(`a PostgreSQL left running on ${databaseDir} (pid ${pid}) did not stop: stop it with "kill -9 ${pid}", then start again`);
}
