import type { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';

/** What jest.config.js sets for the run: `name`'s value, or an error if a test runs without it. */
function fromJestConfig(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through jest.config.js`);
  return value;
}

/** The PostgreSQL server tests use (CI and dev machines: 127.0.0.1:5432, trust auth; TEST_DATABASE_URL for another). */
export const TEST_PG_ADMIN_URL = fromJestConfig('TEST_DATABASE_URL');

/** The database that test databases of this run are copied from (see ensureTemplate). */
const TEMPLATE_DATABASE = fromJestConfig('TEST_TEMPLATE_DATABASE');

/** The Redis tests use. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A unique Redis key prefix, so concurrent test files never see each other's keys or events. */
export function testRedisPrefix(): string {
  return `t${randomBytes(5).toString('hex')}:`;
}

/** The URL of database `name` on the test server. */
function databaseUrl(name: string): string {
  const url = new URL(TEST_PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A connection to the test server's `postgres` database, for creating and dropping databases. */
async function connectAdmin(): Promise<MikroORM> {
  // Imported here: files that only want the Redis URL above never load the ORM.
  const { MikroORM } = await import('@mikro-orm/postgresql');
  return MikroORM.init({ clientUrl: TEST_PG_ADMIN_URL, entities: [], discovery: { warnWhenNoEntities: false } });
}

/**
 * Makes this run's template once: migrated and with the catalog seeded, which is most of what a
 * control plane's first start costs. The first test file to need it makes it while the others
 * wait on an advisory lock; it is built under another name and renamed when complete, so no file
 * copies a half-made one. The run's global teardown drops it.
 */
async function ensureTemplate(admin: MikroORM): Promise<string> {
  const name = TEMPLATE_DATABASE;
  const server = admin.em.getConnection().getKnex();
  // A knex transaction, not the ORM's: inside the ORM's, the seeding below would join it (it is
  // found through async context) and run on this connection's database.
  await server.transaction(async (lock) => {
    await lock.raw('select pg_advisory_xact_lock(hashtext(?))', [name]);
    const found = await lock.raw<{ rows: unknown[] }>('select 1 from pg_database where datname = ?', [name]);
    if (found.rows.length > 0) return;
    // CREATE DATABASE cannot run inside a transaction: it goes through another pooled connection.
    const building = `${name}_building`;
    await server.raw(`drop database if exists "${building}"`);
    await server.raw(`create database "${building}"`);
    const [{ openDatabase }, { seedCatalog }] = await Promise.all([import('../../control-plane/bootstrap.js'), import('../../control-plane/catalog/seed.js')]);
    const orm = await openDatabase(databaseUrl(building));
    try {
      await seedCatalog(orm.em.fork(), new Date());
    } finally {
      await orm.close();
    }
    await server.raw(`alter database "${building}" rename to "${name}"`);
  });
  return name;
}

/** A fresh database for one test file, migrated and with the seeded catalog (as a control plane's first start leaves it); `drop` removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `meridian_t_${randomBytes(6).toString('hex')}`;
  const admin = await connectAdmin();
  await admin.em.getConnection().execute(`create database "${name}" template "${await ensureTemplate(admin)}"`);
  return {
    url: databaseUrl(name),
    drop: async () => {
      await admin.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
      await admin.close();
    },
  };
}
