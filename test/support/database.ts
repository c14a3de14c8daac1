import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';

/** The PostgreSQL server tests use (CI and dev machines: 127.0.0.1:5432, trust auth). */
export const TEST_PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** The Redis tests use. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A unique Redis key prefix, so concurrent test files never see each other's keys or events. */
export function testRedisPrefix(): string {
  return `t${randomBytes(5).toString('hex')}:`;
}

/** A fresh, empty database for one test file; `drop` removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `meridian_t_${randomBytes(6).toString('hex')}`;
  const admin = await MikroORM.init({ clientUrl: TEST_PG_ADMIN_URL, entities: [], discovery: { warnWhenNoEntities: false } });
  await admin.em.getConnection().execute(`create database "${name}"`);
  const url = new URL(TEST_PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
      await admin.close();
    },
  };
}
