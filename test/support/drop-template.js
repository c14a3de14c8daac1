import process from 'node:process';
import { MikroORM } from '@mikro-orm/postgresql';

/** Jest's global teardown: drops the template database this run copied test databases from, or what a crash left of it (see database.ts). */
export default async function dropTemplate() {
  const admin = await MikroORM.init({ clientUrl: process.env.TEST_DATABASE_URL, entities: [], discovery: { warnWhenNoEntities: false } });
  try {
    for (const name of [process.env.TEST_TEMPLATE_DATABASE, `${process.env.TEST_TEMPLATE_DATABASE}_building`]) await admin.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.close();
  }
}
