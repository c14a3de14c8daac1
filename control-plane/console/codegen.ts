import { readdirSync } from 'node:fs';
import type { CodegenConfig } from '@graphql-codegen/cli';

const DOCUMENTS = 'control-plane/console/src/graphql';
const OUTPUT = 'control-plane/console/src/gql';

/**
 * Typed documents for the console: the operations of `src/graphql/<area>.graphql` are compiled
 * against the committed schema into `src/gql/<area>/`, one folder per file. A page imports its
 * own area's documents, so its chunk carries only those (one generated module for all of them
 * would be shared by every page, admin operations included). `npm run console:codegen` rewrites
 * them; `npm run console:codegen:check` (part of `npm test`) fails when they are stale.
 */
const areas = readdirSync(DOCUMENTS)
  .filter((file) => file.endsWith('.graphql'))
  .map((file) => file.slice(0, -'.graphql'.length));

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  ignoreNoDocuments: false,
  generates: Object.fromEntries(
    areas.map((area) => [
      `${OUTPUT}/${area}/`,
      {
        documents: [`${DOCUMENTS}/${area}.graphql`],
        preset: 'client',
        presetConfig: { fragmentMasking: false },
        config: {
          useTypeImports: true,
          enumsAsTypes: true,
          // Only the schema types an area's operations use: every area folder would otherwise repeat the whole schema.
          onlyOperationTypes: true,
          scalars: { DateTimeISO: 'string', ID: 'string' },
        },
      },
    ]),
  ),
};

export default config;
