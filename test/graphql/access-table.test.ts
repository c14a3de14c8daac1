import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { gql } from '../support/graphql.js';
import { seedAccount } from '../support/seeded-accounts.js';

/**
 * Who may call each root operation: anyone, any signed-in account, or administrators only. Every
 * operation of the schema must be here: a new one fails the first test until it is classified.
 */
const ACCESS: Record<'Query' | 'Mutation' | 'Subscription', Record<string, 'public' | 'login' | 'admin'>> = {
  Query: {
    serverInfo: 'public',
    statusPage: 'public',
    feeList: 'public',
    feeListVendors: 'public',
    groups: 'public',
    group: 'public',
    models: 'public',
    model: 'public',
    exchangeRate: 'public',
    topUpQuote: 'login',
    me: 'login',
    myBalance: 'login',
    myLedger: 'login',
    myTokens: 'login',
    token: 'login',
    tokenKey: 'login',
    myTopUp: 'login',
    myTopUps: 'login',
    myUsage: 'login',
    myUsageTotals: 'login',
    groupAvailability: 'login',
    groupHealthHistory: 'login',
    account: 'admin',
    accounts: 'admin',
    accountBalance: 'admin',
    accountLedger: 'admin',
    accountTokens: 'admin',
    channel: 'admin',
    channels: 'admin',
    dataPlanes: 'admin',
    exchangeRateHistory: 'admin',
    reconciliation: 'admin',
    reconciliationRun: 'admin',
    topUpOrders: 'admin',
    usageRecords: 'admin',
    usageTotals: 'admin',
  },
  Mutation: {
    createCaptcha: 'public',
    requestEmailCode: 'public',
    register: 'public',
    login: 'public',
    logout: 'public',
    changePassword: 'login',
    createToken: 'login',
    updateToken: 'login',
    disableToken: 'login',
    enableToken: 'login',
    deleteToken: 'login',
    createTopUp: 'login',
    redeemCode: 'login',
    adjustBalance: 'admin',
    createChannel: 'admin',
    updateChannel: 'admin',
    deleteChannel: 'admin',
    setChannelKeyEnabled: 'admin',
    testChannel: 'admin',
    createGroup: 'admin',
    updateGroup: 'admin',
    deleteGroup: 'admin',
    createModel: 'admin',
    updateModel: 'admin',
    deleteModel: 'admin',
    importModelCatalog: 'admin',
    createIncident: 'admin',
    postIncidentUpdate: 'admin',
    resolveIncident: 'admin',
    createRedemptionCodes: 'admin',
    setExchangeRate: 'admin',
    runReconciliation: 'admin',
    rebuildHotBalances: 'admin',
    setAccountDisabled: 'admin',
    setAccountRateLimits: 'admin',
  },
  Subscription: {
    incidentPosted: 'public',
    balanceChanged: 'login',
    groupHealth: 'login',
    groupHealthChanged: 'login',
    dataPlaneStatusChanged: 'admin',
  },
};

const schema: GraphQLSchema = buildSchema(readFileSync('schema/schema.graphql', 'utf8'));
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** A well-formed value of `type`, so that only the caller's rights can refuse the call. */
function sample(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return [sample(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0].value;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) if (isNonNullType(field.type)) out[field.name] = sample(field.type);
    return out;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'ID':
        return NO_SUCH_ID;
      case 'Int':
        return 1;
      case 'Float':
        return 1;
      case 'Boolean':
        return false;
      case 'DateTimeISO':
        return new Date().toISOString();
      default:
        return '1';
    }
  }
  throw new Error(`no sample for ${String(type)}`);
}

/** `field(arg: $arg ...) { __typename }` with every required argument given a sample value. */
function operationFor(kind: 'query' | 'mutation' | 'subscription', field: GraphQLField<unknown, unknown>): { query: string; variables: Record<string, unknown> } {
  const required = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
  const declared = required.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const passed = required.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
  const query = `${kind}${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection} }`;
  return { query, variables: Object.fromEntries(required.map((a) => [a.name, sample(a.type)])) };
}

let cp: TestControlPlane;
let user: string;

beforeAll(async () => {
  cp = await startTestControlPlane();
  user = (await seedAccount(cp.services)).session;
});
afterAll(() => cp?.stop());

const roots = [
  ['Query', 'query'],
  ['Mutation', 'mutation'],
  ['Subscription', 'subscription'],
] as const;

test('every operation of the schema is in the access table, and nothing else is', () => {
  for (const [root] of roots) {
    const type = schema.getType(root);
    const inSchema = isObjectType(type) ? Object.keys(type.getFields()).sort() : [];
    expect(inSchema).toEqual(Object.keys(ACCESS[root]).sort());
  }
});

/** The first error code of an HTTP call, or 'OK' when it answered without an error. */
async function httpCode(query: string, variables: Record<string, unknown>, session?: string): Promise<string> {
  const r = await gql(cp.server.url, query, variables, { session });
  return r.errors?.[0]?.extensions?.code ?? 'OK';
}

/** The first error code of a subscription, or 'OK' when it delivered an event or stayed open for its first answer. */
function subscriptionCode(query: string, variables: Record<string, unknown>, session?: string): Promise<string> {
  const client = createClient({ url: cp.server.wsUrl, webSocketImpl: WebSocket, connectionParams: session ? { authorization: `Bearer ${session}` } : {}, retryAttempts: 0 });
  return new Promise<string>((resolve) => {
    let done = false;
    const finish = (code: string) => {
      if (done) return;
      done = true;
      void client.dispose();
      resolve(code);
    };
    client.subscribe(
      { query, variables },
      {
        next: ({ errors }) => finish(errors?.[0] ? String(errors[0].extensions?.code) : 'OK'),
        error: (e) => finish(String((Array.isArray(e) ? e[0] : (e as { extensions?: { code?: string } }))?.extensions?.code ?? e)),
        complete: () => finish('OK'),
      },
    );
  });
}

describe.each(roots)('%s', (root, kind) => {
  const type = schema.getType(root);
  const fields = isObjectType(type) ? Object.values(type.getFields()) : [];
  const guarded = fields.filter((f) => ACCESS[root][f.name] !== 'public');
  test.each(guarded.map((f) => [f.name, f] as const))('%s is refused to callers without the right', async (name, field) => {
    const { query, variables } = operationFor(kind, field);
    const call = (session?: string) => (kind === 'subscription' ? subscriptionCode(query, variables, session) : httpCode(query, variables, session));
    expect(await call()).toBe('UNAUTHENTICATED');
    if (ACCESS[root][name] === 'admin') expect(await call(user)).toBe('FORBIDDEN');
    // A subscription open to the user may wait for its first event for ever; subscriptions-by-viewer covers what it sends.
    else if (kind !== 'subscription') expect(await call(user)).not.toMatch(/^(UNAUTHENTICATED|FORBIDDEN)$/);
  });
});
