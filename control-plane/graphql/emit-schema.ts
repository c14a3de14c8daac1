/**
 * Writes schema/schema.graphql from the resolvers (sorted, so the file only changes when the API
 * does). With `--check`, writes nothing and exits 1 when the committed file is stale.
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { createPubSub } from '@graphql-yoga/subscription';
import { createSchema } from './schema.js';

const target = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'schema', 'schema.graphql');

const schema = await createSchema(createPubSub());
const printed = printSchema(lexicographicSortSchema(schema)) + '\n';

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // missing counts as stale
  }
  if (committed !== printed) {
    console.error('schema/schema.graphql is stale: run `npm run schema:emit` and commit the result.');
    process.exit(1);
  }
  console.log('schema/schema.graphql is up to date.');
} else {
  writeFileSync(target, printed);
  console.log(`wrote ${target}`);
}
