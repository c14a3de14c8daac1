import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTITIES } from './entities.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The ORM configuration for a database URL. Migrations are TypeScript files run through the swc loader. */
export function ormConfig(clientUrl: string) {
  return defineConfig({
    clientUrl,
    entities: ENTITIES,
    extensions: [Migrator],
    // Without preferTs the migrator may look for compiled files, report success and apply nothing.
    preferTs: import.meta.url.endsWith('.ts'),
    migrations: {
      path: join(here, 'migrations'),
      pathTs: join(here, 'migrations'),
      glob: '!(*.d).{js,ts}',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      silent: true,
    },
    pool: { min: 0, max: 10 },
    debug: false,
    allowGlobalContext: false,
  });
}

/** Config for the MikroORM CLI (`npm run db:migration:create`); reads DATABASE_URL. */
export default ormConfig(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/meridian');
