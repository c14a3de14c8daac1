import { GraphQLError, Kind, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

/** Limits on one operation: nesting depth and a cost where list arguments multiply what they select. */
export interface QueryLimits {
  maxDepth: number;
  maxCost: number;
}

/** Pagination arguments whose value multiplies the cost of the selection beneath them. */
const LIST_ARGS = new Set(['first', 'last', 'limit', 'take', 'pageSize']);

function listFactor(field: FieldNode, variables: Record<string, unknown>): number {
  for (const arg of field.arguments ?? []) {
    if (!LIST_ARGS.has(arg.name.value)) continue;
    if (arg.value.kind === Kind.INT) return Math.max(1, Number(arg.value.value));
    if (arg.value.kind === Kind.VARIABLE) {
      const v = variables[arg.value.name.value];
      if (typeof v === 'number') return Math.max(1, v);
    }
  }
  return 1;
}

/**
 * Walks the selection set (fragments expanded once per use) and returns [depth, cost].
 * Each field costs 1, times the list factor of every enclosing paginated field.
 */
function measure(
  set: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  seen: Set<string>,
): [number, number] {
  let depth = 0;
  let cost = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      if (sel.name.value.startsWith('__')) continue;
      const [d, c] = sel.selectionSet ? measure(sel.selectionSet, fragments, variables, seen) : [0, 0];
      depth = Math.max(depth, d + 1);
      cost += 1 + c * listFactor(sel, variables);
    } else {
      let inner: SelectionSetNode | undefined;
      if (sel.kind === Kind.INLINE_FRAGMENT) inner = sel.selectionSet;
      else if (!seen.has(sel.name.value)) inner = fragments.get(sel.name.value)?.selectionSet;
      if (!inner) continue;
      const nextSeen = sel.kind === Kind.FRAGMENT_SPREAD ? new Set([...seen, sel.name.value]) : seen;
      const [d, c] = measure(inner, fragments, variables, nextSeen);
      depth = Math.max(depth, d);
      cost += c;
    }
  }
  return [depth, cost];
}

/**
 * Errors for an operation deeper than `maxDepth` or costlier than `maxCost` (empty when within
 * limits). Runs per request with that request's variables, before anything executes.
 */
export function checkQueryLimits(document: DocumentNode, variables: Record<string, unknown>, limits: QueryLimits): GraphQLError[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  }
  const errors: GraphQLError[] = [];
  const reject = (message: string) =>
    errors.push(new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } }));
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const [depth, cost] = measure(def.selectionSet, fragments, variables, new Set());
    if (depth > limits.maxDepth) reject(`Query depth ${depth} exceeds the limit of ${limits.maxDepth}`);
    if (cost > limits.maxCost) reject(`Query cost ${cost} exceeds the limit of ${limits.maxCost}`);
  }
  return errors;
}
