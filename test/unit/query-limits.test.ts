import 'reflect-metadata';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  getIntrospectionQuery,
  getOperationAST,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  parse,
  typeFromAST,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { createPubSub } from '@graphql-yoga/subscription';
import { formatDocument } from '@urql/core';
import { createSchema } from '../../control-plane/graphql/schema.js';
import { checkOperation, operationCost, type QueryLimits } from '../../control-plane/graphql/limits.js';
import { FIELD_COSTS } from '../../control-plane/graphql/costs.js';
import { queryLimitsEnv } from '../../control-plane/graphql/limits.settings.js';
import { readEnv } from '../../shared/config/env.js';

let schema: GraphQLSchema;
const readQueryLimits = (env: Record<string, string>) => readEnv(env, { limits: queryLimitsEnv }).limits;
const defaults = readQueryLimits({});

beforeAll(async () => {
  schema = await createSchema(createPubSub());
});

function check(query: string, options: { variables?: Record<string, unknown>; signedIn?: boolean; limits?: Partial<QueryLimits> } = {}) {
  const document = parse(query);
  const refused = checkOperation(schema, document, getOperationAST(document)!, options.variables ?? {}, options.signedIn ?? true, { ...defaults, ...options.limits });
  return refused && { code: refused.extensions.code, message: refused.message };
}

function cost(query: string, variables: Record<string, unknown> = {}): number {
  const document = parse(query);
  return operationCost(schema, document, getOperationAST(document)!, variables);
}

const aliased = (n: number, selection: string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${selection}`).join(' ')} }`;

test('the defaults: introspection off, 30 aliases, 15 root fields, 10,000 signed in and 4,000 without a session', () => {
  expect(defaults).toEqual({ maxDepth: 10, maxCost: 10_000, maxAnonymousCost: 4_000, maxAliases: 30, maxRootFields: 15, introspection: false });
  expect(readQueryLimits({ GRAPHQL_INTROSPECTION: '1' }).introspection).toBe(true);
  expect(() => readQueryLimits({ GRAPHQL_COST_LIMIT: '500', GRAPHQL_ANONYMOUS_COST_LIMIT: '600' })).toThrow('GRAPHQL_ANONYMOUS_COST_LIMIT: must not exceed GRAPHQL_COST_LIMIT (500)');
});

test('introspection is refused with INTROSPECTION_DISABLED unless switched on, through fragments too; __typename is not introspection', () => {
  expect(check('{ __schema { queryType { name } } }')).toEqual({
    code: 'INTROSPECTION_DISABLED',
    message: 'Introspection (__schema, __type) is disabled on this server; the schema is published as schema/schema.graphql',
  });
  expect(check('{ ...F } fragment F on Query { __type(name: "Query") { name } }')?.code).toBe('INTROSPECTION_DISABLED');
  expect(check('{ serverInfo { __typename name } }')).toBeUndefined();
  expect(check('{ __schema { queryType { name } } }', { limits: { introspection: true } })).toBeUndefined();
});

test('a full introspection query, when switched on, is costed like anything else and fits both budgets', () => {
  const full = cost(getIntrospectionQuery());
  expect(full).toBeGreaterThan(1000);
  expect(full).toBeLessThan(defaults.maxAnonymousCost);
  // `ofType` chains spell one type reference: the standard query passes the depth limit.
  expect(check(getIntrospectionQuery(), { signedIn: false, limits: { introspection: true } })).toBeUndefined();
  expect(check(aliased(2, '__schema { types { name fields { name args { name } } } }'), { signedIn: false, limits: { introspection: true } })).toBeUndefined();
  const refused = check(aliased(30, '__schema { types { name fields { name type { name } args { name } } } }'), {
    signedIn: false,
    limits: { introspection: true, maxRootFields: 30 },
  });
  expect(refused?.code).toBe('QUERY_TOO_COSTLY');
});

test('aliases are counted at every use of a fragment, and refused past the limit with the numbers', () => {
  expect(check(aliased(30, 'serverInfo { name }'), { limits: { maxRootFields: 100 } })).toBeUndefined();
  expect(check(aliased(31, 'serverInfo { name }'), { limits: { maxRootFields: 100 } })).toEqual({
    code: 'TOO_MANY_ALIASES',
    message: 'The operation uses 31 aliases; the limit is 30',
  });
  const fragments = '{ serverInfo { ...A ...A ...A } } fragment A on ServerInfo { ...B ...B } fragment B on ServerInfo { a: name b: name c: name d: name e: name f: name }';
  expect(check(fragments)).toEqual({ code: 'TOO_MANY_ALIASES', message: 'The operation uses 36 aliases; the limit is 30' });
});

test('root fields are limited, fragments at the root included', () => {
  expect(check('{ serverInfo { name } exchangeRate { rate } }', { limits: { maxRootFields: 2 } })).toBeUndefined();
  expect(check('{ serverInfo { name } ...F } fragment F on Query { exchangeRate { rate } groups { name } }', { limits: { maxRootFields: 2 } })).toEqual({
    code: 'TOO_MANY_ROOT_FIELDS',
    message: 'The operation asks for 3 root fields; the limit is 2',
  });
});

test('depth is limited, through fragments too', () => {
  expect(check('{ serverInfo { nodes { name } } }', { limits: { maxDepth: 3 } })).toBeUndefined();
  const deep = '{ serverInfo { nodes { ...N } } } fragment N on NodeAddress { name }';
  expect(check(deep, { limits: { maxDepth: 2 } })).toEqual({ code: 'QUERY_TOO_DEEP', message: 'Query depth 3 exceeds the limit of 2' });
});

test('a chain of fragments that doubles at each step is refused without being expanded', () => {
  const chain = Array.from({ length: 40 }, (_, i) => `fragment F${i} on ServerInfo { ...F${i + 1} ...F${i + 1} }`).join(' ');
  const started = performance.now();
  const refused = check(`{ serverInfo { ...F0 } } ${chain} fragment F40 on ServerInfo { name }`);
  expect(refused?.code).toBe('QUERY_TOO_COSTLY');
  expect(refused?.message).toMatch(/^The operation makes \d+ selections \(fragments counted at each use\); the limit is 5000$/);
  expect(performance.now() - started).toBeLessThan(1000);
});

test('expensive fields cost their work; lists multiply by the page size, its default, or a declared size', () => {
  expect(cost('{ serverInfo { name } }')).toBe(1);
  expect(cost('{ statusPage { target } }')).toBe(201);
  expect(cost('{ myLedger(first: 10) { items { id } } }')).toBe(50 + 10 * (1 + 1));
  expect(cost('{ myLedger { items { id } } }')).toBe(50 + 50 * (1 + 1)); // `first` defaults to 50
  expect(cost('query($n: Int) { myLedger(first: $n) { items { id } } }', { n: 5 })).toBe(50 + 5 * 2);
  expect(cost('{ groups { name } }')).toBe(5 + 20 * 1); // a declared size
  expect(cost('{ serverInfo { nodes { name } } }')).toBe(1 + 10 * 1); // the default list size
  expect(cost('{ statusPage { nodes { days { day } } } }')).toBe(200 + 1 + 5 * (1 + 90));
});

test('callers without a session get the smaller budget, and the message says which and by how much', () => {
  const query = aliased(25, 'statusPage { target }'); // 25 * 201 = 5025
  const limits = { maxRootFields: 25 };
  expect(check(query, { signedIn: true, limits })).toBeUndefined();
  expect(check(query, { signedIn: false, limits })).toEqual({
    code: 'QUERY_TOO_COSTLY',
    message: 'Query cost 5025 exceeds the limit of 4000 for callers without a session',
  });
  expect(check('{ myLedger(first: 1000000) { items { id } } }')?.message).toBe('Query cost 2000050 exceeds the limit of 10000 for signed-in callers');
});

test('variables that do not fit their types are BAD_USER_INPUT, not an internal error', () => {
  expect(check('query($n: Int!) { myLedger(first: $n) { items { id } } }')?.code).toBe('BAD_USER_INPUT');
});

test('every root field has a declared cost, and every declared cost names a field of the schema', () => {
  const roots = [schema.getQueryType()!, schema.getMutationType()!, schema.getSubscriptionType()!];
  for (const type of roots) {
    for (const name of Object.keys(type.getFields())) expect([`${type.name}.${name}`, FIELD_COSTS[`${type.name}.${name}`] !== undefined]).toEqual([`${type.name}.${name}`, true]);
  }
  for (const key of Object.keys(FIELD_COSTS)) {
    const [typeName, fieldName] = key.split('.');
    const type = schema.getType(typeName) as { getFields?: () => Record<string, unknown> } | undefined;
    const field = fieldName === '__schema' || fieldName === '__type' ? true : type?.getFields?.()[fieldName];
    expect([key, Boolean(field)]).toEqual([key, true]);
  }
});

/** A value for each variable the operation declares; page sizes get `pageSize`. */
function sampleVariables(operation: OperationDefinitionNode, pageSize: number): Record<string, unknown> {
  const sample = (type: GraphQLInputType, name: string): unknown => {
    if (isNonNullType(type)) return sample(type.ofType, name);
    if (isListType(type)) return [];
    if (isEnumType(type)) return type.getValues()[0].name;
    if (isInputObjectType(type)) {
      return Object.fromEntries(Object.values(type.getFields()).filter((f) => isNonNullType(f.type)).map((f) => [f.name, sample(f.type, f.name)]));
    }
    if (name === 'first') return pageSize;
    if (type.name === 'Int' || type.name === 'Float') return 1;
    if (type.name === 'Boolean') return true;
    if (type.name === 'DateTimeISO') return new Date().toISOString();
    return 'x';
  };
  return Object.fromEntries(
    (operation.variableDefinitions ?? []).map((d) => [d.variable.name.value, sample(typeFromAST(schema, d.type as never) as GraphQLInputType, d.variable.name.value)]),
  );
}

/** Console areas a visitor without a session uses (status page, fee list, sign-in, registration). */
const ANONYMOUS_AREAS = new Set(['status', 'fee-list', 'session', 'register', 'captcha', 'server-info']);

test('every console operation fits its budget at least twice over, with the largest page it asks for', () => {
  const dir = join(process.cwd(), 'control-plane', 'console', 'src', 'graphql');
  const seen: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.graphql'))) {
    // As urql sends it: with __typename in every selection.
    const document: DocumentNode = formatDocument(parse(readFileSync(join(dir, file), 'utf8')));
    for (const operation of document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)) {
      const anonymous = ANONYMOUS_AREAS.has(file.replace(/\.graphql$/, ''));
      const budget = anonymous ? defaults.maxAnonymousCost : defaults.maxCost;
      const limits = { ...defaults, maxCost: budget / 2, maxAnonymousCost: budget / 2 };
      // 100: the largest page the console asks for (the usage export).
      const refused = checkOperation(schema, document, operation, sampleVariables(operation, 100), !anonymous, limits);
      expect([operation.name?.value, refused?.message]).toEqual([operation.name?.value, undefined]);
      seen.push(operation.name!.value);
    }
  }
  expect(seen).toEqual(expect.arrayContaining(['AvailabilityPage', 'StatusPageData', 'FeeListEntries', 'AdminChannels', 'UsageRecords']));
});
