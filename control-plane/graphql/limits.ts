import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { createRequire } from 'node:module';
import { fieldCostEstimator } from './costs.js';

// The package's ESM build imports graphql's ESM build ("graphql/index.mjs"), a second copy of
// graphql beside the CommonJS one the schema is built with, and graphql refuses to mix the two.
const { getComplexity } = createRequire(import.meta.url)('graphql-query-complexity') as typeof import('graphql-query-complexity');

/** Limits on one operation, checked before anything executes (settings GRAPHQL_*). */
export interface QueryLimits {
  /** Deepest selection (`ofType` chains of introspection not counted). */
  maxDepth: number;
  /** Budget of a signed-in caller (GRAPHQL_COST_LIMIT). */
  maxCost: number;
  /** Budget of a caller without a session (GRAPHQL_ANONYMOUS_COST_LIMIT). */
  maxAnonymousCost: number;
  /** Aliased fields per operation, fragments counted at each use (GRAPHQL_MAX_ALIASES). */
  maxAliases: number;
  /** Fields at the root of an operation (GRAPHQL_MAX_ROOT_FIELDS). */
  maxRootFields: number;
  /** Whether `__schema` and `__type` are answered (GRAPHQL_INTROSPECTION). */
  introspection: boolean;
}

/** Why an operation was refused, as `extensions.code`. */
export type LimitCode = 'INTROSPECTION_DISABLED' | 'TOO_MANY_ALIASES' | 'TOO_MANY_ROOT_FIELDS' | 'QUERY_TOO_DEEP' | 'QUERY_TOO_COSTLY';

function refusal(code: LimitCode | 'BAD_USER_INPUT', message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status: 400 } } });
}

/** Depth, aliases, fields at the top and selections in all of a selection set, each fragment measured once. */
interface Shape {
  depth: number;
  aliases: number;
  fields: number;
  nodes: number;
}

const EMPTY: Shape = { depth: 0, aliases: 0, fields: 0, nodes: 0 };

/**
 * Most selections (fields and fragment spreads, fragments counted at each use) an operation may
 * make; the cost walk visits each, so this bounds its time whatever the cost budget.
 */
const MAX_NODES = 5000;

/**
 * Measures selection sets with every fragment's shape remembered, so a fragment spread many
 * times (or a chain of fragments that each spread the next twice) is measured once, not once per
 * use. A fragment that spreads itself (refused by validation, which may run later) counts as empty.
 */
class ShapeMeter {
  private readonly shapes = new Map<string, Shape>();
  private readonly inProgress = new Set<string>();

  constructor(private readonly fragments: Map<string, FragmentDefinitionNode>) {}

  measure(set: SelectionSetNode): Shape {
    const shape: Shape = { ...EMPTY };
    for (const sel of set.selections) {
      let inner: Shape;
      shape.nodes += 1;
      if (sel.kind === Kind.FIELD) {
        const below = sel.selectionSet ? this.measure(sel.selectionSet) : EMPTY;
        // `ofType` chains spell one type reference (NON_NULL of LIST of ...): they add no depth.
        const own = sel.name.value === 'ofType' ? 0 : 1;
        shape.depth = Math.max(shape.depth, below.depth + own);
        shape.aliases += below.aliases + (sel.alias ? 1 : 0);
        shape.fields += 1;
        shape.nodes += below.nodes;
        continue;
      }
      if (sel.kind === Kind.INLINE_FRAGMENT) inner = this.measure(sel.selectionSet);
      else inner = this.fragment(sel.name.value);
      shape.depth = Math.max(shape.depth, inner.depth);
      shape.aliases += inner.aliases;
      shape.fields += inner.fields;
      shape.nodes += inner.nodes;
    }
    return shape;
  }

  private fragment(name: string): Shape {
    const known = this.shapes.get(name);
    if (known) return known;
    const definition = this.fragments.get(name);
    if (!definition || this.inProgress.has(name)) return EMPTY;
    this.inProgress.add(name);
    const shape = this.measure(definition.selectionSet);
    this.inProgress.delete(name);
    this.shapes.set(name, shape);
    return shape;
  }
}

/** Whether the operation asks for `__schema` or `__type` (they are valid at the root only). */
function asksIntrospection(operation: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>): boolean {
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode): boolean =>
    set.selections.some((sel) => {
      if (sel.kind === Kind.FIELD) return sel.name.value === '__schema' || sel.name.value === '__type';
      if (sel.kind === Kind.INLINE_FRAGMENT) return visit(sel.selectionSet);
      if (seen.has(sel.name.value)) return false;
      seen.add(sel.name.value);
      const definition = fragments.get(sel.name.value);
      return definition ? visit(definition.selectionSet) : false;
    });
  return visit(operation.selectionSet);
}

/**
 * The first limit `operation` breaks, or undefined when it is within all of them. Cheapest checks
 * first: introspection, aliases, root fields and depth walk the document once (fragments
 * remembered); the cost walks it against the schema with the request's variables
 * (see costs.ts). Runs before any resolver, for HTTP and WebSocket operations alike.
 */
export function checkOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  signedIn: boolean,
  limits: QueryLimits,
): GraphQLError | undefined {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  }
  if (!limits.introspection && asksIntrospection(operation, fragments)) {
    return refusal('INTROSPECTION_DISABLED', 'Introspection (__schema, __type) is disabled on this server; the schema is published as schema/schema.graphql');
  }
  const shape = new ShapeMeter(fragments).measure(operation.selectionSet);
  if (shape.aliases > limits.maxAliases) {
    return refusal('TOO_MANY_ALIASES', `The operation uses ${shape.aliases} aliases; the limit is ${limits.maxAliases}`);
  }
  if (shape.fields > limits.maxRootFields) {
    return refusal('TOO_MANY_ROOT_FIELDS', `The operation asks for ${shape.fields} root fields; the limit is ${limits.maxRootFields}`);
  }
  if (shape.depth > limits.maxDepth) {
    return refusal('QUERY_TOO_DEEP', `Query depth ${shape.depth} exceeds the limit of ${limits.maxDepth}`);
  }
  if (shape.nodes > MAX_NODES) {
    return refusal('QUERY_TOO_COSTLY', `The operation makes ${shape.nodes} selections (fragments counted at each use); the limit is ${MAX_NODES}`);
  }
  const maxCost = signedIn ? limits.maxCost : limits.maxAnonymousCost;
  let cost: number;
  try {
    cost = operationCost(schema, document, operation, variables);
  } catch (error) {
    // Variables that do not fit their declared types: the same answer execution would give.
    return refusal('BAD_USER_INPUT', error instanceof Error ? error.message : String(error));
  }
  if (cost > maxCost) {
    const who = signedIn ? 'signed-in callers' : 'callers without a session';
    return refusal('QUERY_TOO_COSTLY', `Query cost ${cost} exceeds the limit of ${maxCost} for ${who}`);
  }
  return undefined;
}

/** The cost of one operation of `document` under costs.ts, with `variables` (defaults applied). */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>): number {
  return getComplexity({
    schema,
    query: { ...document, definitions: document.definitions.filter((def) => def.kind !== Kind.OPERATION_DEFINITION || def === operation) },
    variables,
    estimators: [fieldCostEstimator],
    maxQueryNodes: MAX_NODES + 1,
  });
}
