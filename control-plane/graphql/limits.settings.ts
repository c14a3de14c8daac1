import { zod } from '../../shared/zod.js';
import { envVar, problem } from '../../shared/config/env.js';
import type { QueryLimits } from './limits.js';

/** Deepest selection an operation may make (`ofType` chains of introspection not counted). */
const MAX_DEPTH = 10;

/**
 * The GraphQL operation limits (GRAPHQL_*). The signed-in default fits the console's costliest
 * operation with room to spare (test/graphql/query-limits.test.ts measures every console operation).
 */
export const queryLimitsEnv = zod
  .object({
    GRAPHQL_COST_LIMIT: envVar.integer(10_000, 10, 10_000_000),
    GRAPHQL_ANONYMOUS_COST_LIMIT: envVar.integer(4_000, 10, 10_000_000),
    GRAPHQL_MAX_ALIASES: envVar.integer(30, 0, 10_000),
    GRAPHQL_MAX_ROOT_FIELDS: envVar.integer(15, 1, 10_000),
    GRAPHQL_INTROSPECTION: envVar.flag(),
  })
  .superRefine((v, ctx) => {
    if (v.GRAPHQL_ANONYMOUS_COST_LIMIT > v.GRAPHQL_COST_LIMIT) problem(ctx, 'GRAPHQL_ANONYMOUS_COST_LIMIT', `must not exceed GRAPHQL_COST_LIMIT (${v.GRAPHQL_COST_LIMIT})`);
  })
  .transform(
    (v): QueryLimits => ({
      maxDepth: MAX_DEPTH,
      maxCost: v.GRAPHQL_COST_LIMIT,
      maxAnonymousCost: v.GRAPHQL_ANONYMOUS_COST_LIMIT,
      maxAliases: v.GRAPHQL_MAX_ALIASES,
      maxRootFields: v.GRAPHQL_MAX_ROOT_FIELDS,
      introspection: v.GRAPHQL_INTROSPECTION,
    }),
  );
