import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { gql } from '../support/graphql.js';
import { adminAndUserSessions } from '../support/seeded-accounts.js';

let cp: TestControlPlane;
let user: string;
const clients: Client[] = [];

beforeAll(async () => {
  cp = await startTestControlPlane();
  ({ user } = await adminAndUserSessions(cp));
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  await cp?.stop();
});

const aliased = (n: number, selection: string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${selection}`).join(' ')} }`;

// Refused in validation, before execution: no `data` at all (an execution error would come with
// `data: null`). How fast that is depends on the machine, so it is not asserted here.
test('statusPage aliased 1,000 times without a session is refused before anything runs', async () => {
  const answer = await gql(cp.server.url, aliased(1000, 'statusPage { target }'));
  expect(answer.status).toBe(400);
  expect(answer.data).toBeUndefined();
  expect(answer.errors).toEqual([
    { message: 'The operation uses 1000 aliases; the limit is 30', extensions: { code: 'TOO_MANY_ALIASES' } },
  ]);
});

test('__schema aliased 1,000 times is refused before anything runs: introspection is off by default', async () => {
  const answer = await gql(cp.server.url, aliased(1000, '__schema { types { name fields { name } } }'));
  expect(answer.status).toBe(400);
  expect(answer.data).toBeUndefined();
  expect(answer.errors?.[0]?.extensions?.code).toBe('INTROSPECTION_DISABLED');
  expect((await gql(cp.server.url, '{ __type(name: "Query") { name } }')).errors?.[0]?.extensions?.code).toBe('INTROSPECTION_DISABLED');
});

test('within the aliases and root fields, the cost decides: what a session may ask is too costly without one', async () => {
  const query = aliased(15, 'statusPage { target nodes { days { day } } }'); // 15 * 656 = 9840
  const anonymous = await gql(cp.server.url, query);
  expect(anonymous.status).toBe(400);
  expect(anonymous.errors).toEqual([
    { message: 'Query cost 9840 exceeds the limit of 4000 for callers without a session', extensions: { code: 'QUERY_TOO_COSTLY' } },
  ]);
  const signedIn = await gql<Record<string, { target: number }>>(cp.server.url, query, {}, { session: user });
  expect(signedIn.errors).toBeUndefined();
  expect(signedIn.data?.a14.target).toBe(0.999);
  const tooMany = await gql(cp.server.url, aliased(16, 'serverInfo { name }'), {}, { session: user });
  expect(tooMany.errors?.[0]).toEqual({ message: 'The operation asks for 16 root fields; the limit is 15', extensions: { code: 'TOO_MANY_ROOT_FIELDS' } });
});

/** Runs one operation over graphql-ws and returns its errors' codes and messages (or its data). */
async function overWebSocket(query: string, session?: string): Promise<{ data?: unknown; errors?: { code: unknown; message: string }[] }> {
  const client = createClient({
    url: cp.server.wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: session ? { authorization: `Bearer ${session}` } : {},
    retryAttempts: 0,
  });
  clients.push(client);
  const iterator = client.iterate({ query });
  try {
    const first = await iterator.next();
    const result = first.value as { data?: unknown; errors?: { message: string; extensions?: { code?: unknown } }[] };
    return { data: result.data, errors: result.errors?.map((e) => ({ code: e.extensions?.code, message: e.message })) };
  } catch (errors) {
    return { errors: (errors as { message: string; extensions?: { code?: unknown } }[]).map((e) => ({ code: e.extensions?.code, message: e.message })) };
  } finally {
    await iterator.return?.();
  }
}

test('graphql-ws operations and subscriptions meet the same limits, budgets by session included', async () => {
  expect(await overWebSocket(aliased(1000, 'statusPage { target }'))).toEqual({
    errors: [{ code: 'TOO_MANY_ALIASES', message: 'The operation uses 1000 aliases; the limit is 30' }],
  });
  expect((await overWebSocket('{ __schema { queryType { name } } }')).errors?.[0]?.code).toBe('INTROSPECTION_DISABLED');
  const costly = aliased(15, 'statusPage { target nodes { days { day } } }');
  expect((await overWebSocket(costly)).errors?.[0]?.code).toBe('QUERY_TOO_COSTLY');
  expect((await overWebSocket(costly, user)).errors).toBeUndefined();
  const manyAliases = Array.from({ length: 31 }, (_, i) => `g${i}: group`).join(' ');
  expect(await overWebSocket(`subscription { groupHealth { ${manyAliases} } }`, user)).toEqual({
    errors: [{ code: 'TOO_MANY_ALIASES', message: 'The operation uses 31 aliases; the limit is 30' }],
  });
});
