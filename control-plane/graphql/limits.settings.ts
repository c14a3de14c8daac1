import type { EnvReader } from '../../shared/config/env.js';
import type { QueryLimits } from './limits.js';

/** Deepest selection an operation may make (`ofType` chains of introspection not counted). */
const MAX_DEPTH = 10;

/**
 * Reads the GraphQL operation limits. The signed-in default fits the console's costliest
 * operation with room to spare (test/graphql/query-limits.test.ts measures every console operation).
 */
export function readQueryLimits(r: EnvReader): QueryLimits {
  const limits: QueryLimits = {
    maxDepth: MAX_DEPTH,
    maxCost: r.integer('GRAPHQL_COST_LIMIT', 10_000, 10, 10_000_000),
    maxAnonymousCost: r.integer('GRAPHQL_ANONYMOUS_COST_LIMIT', 4_000, 10, 10_000_000),
    maxAliases: r.integer('GRAPHQL_MAX_ALIASES', 30, 0, 10_000),
    maxRootFields: r.integer('GRAPHQL_MAX_ROOT_FIELDS', 15, 1, 10_000),
    introspection: r.matching('GRAPHQL_INTROSPECTION', /^[01]$/, '0 or 1') === '1',
  };
  if (limits.maxAnonymousCost > limits.maxCost) r.problem('GRAPHQL_ANONYMOUS_COST_LIMIT', `must not exceed GRAPHQL_COST_LIMIT (${limits.maxCost})`);
  return limits;
}
