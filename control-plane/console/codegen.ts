import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed documents for the console: every operation lives in `src/graphql/*.graphql` and is
 * compiled against the committed schema into `src/gql/`. `npm run console:codegen` rewrites it;
 * `npm run console:codegen:check` (part of `npm test`) fails when it is stale.
 */
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['control-plane/console/src/graphql/*.graphql'],
  ignoreNoDocuments: false,
  generates: {
    'control-plane/console/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTimeISO: 'string', ID: 'string' },
      },
    },
  },
};

export default config;
