import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { gql } from '../support/graphql.js';
import { adminAndUserSessions } from '../support/seeded-accounts.js';

let cp: TestControlPlane;
let admin: string;
let user: string;
let userId: string;

beforeAll(async () => {
  cp = await startTestControlPlane();
  ({ admin, user } = await adminAndUserSessions(cp));
  userId = ((await gql<{ me: { id: string } }>(cp.server.url, '{ me { id } }', {}, { session: user })).data!.me.id);
});
afterAll(async () => {
  await cp?.stop();
});

/** Every cursor-paginated field, asked for its first page with an explicit `after: null`, as a variable too. */
const PAGINATED: [name: string, who: 'user' | 'admin', field: (after: string) => string, cursorType?: string][] = [
  ['myLedger', 'user', (after) => `myLedger(first: 2, after: ${after}) { items { id } pageInfo { hasNextPage } }`],
  ['myUsage', 'user', (after) => `myUsage(first: 2, after: ${after}) { items { id } pageInfo { hasNextPage } }`],
  ['myTopUps', 'user', (after) => `myTopUps(first: 2, after: ${after}) { items { id } pageInfo { hasNextPage } }`],
  ['feeList', 'user', (after) => `feeList(first: 2, after: ${after}) { nodes { modelId } pageInfo { hasNextPage } }`],
  ['models', 'user', (after) => `models(first: 2, after: ${after}) { nodes { modelId } pageInfo { hasNextPage } }`],
  ['accounts', 'admin', (after) => `accounts(first: 2, after: ${after}) { items { id } pageInfo { hasNextPage } }`],
  ['accountLedger', 'admin', (after) => `accountLedger(accountId: "${userId}", first: 2, after: ${after}) { items { id } pageInfo { hasNextPage } }`],
  ['usageRecords', 'admin', (after) => `usageRecords(first: 2, after: ${after}) { items { id } pageInfo { hasNextPage } }`],
  ['topUpOrders', 'admin', (after) => `topUpOrders(first: 2, after: ${after}) { items { id } pageInfo { hasNextPage } }`],
  ['reconciliation', 'admin', (after) => `reconciliation(limit: 2, after: ${after}) { accountId }`, 'ID'],
];

test.each(PAGINATED)('%s accepts an explicit null cursor, literal or variable, as the first page', async (_name, who, field, cursorType = 'String') => {
  const session = who === 'admin' ? admin : user;
  const literal = await gql(cp.server.url, `{ page: ${field('null')} }`, {}, { session });
  expect(literal.errors).toBeUndefined();
  const viaVariable = await gql(cp.server.url, `query($after: ${cursorType}) { page: ${field('$after')} }`, { after: null }, { session });
  expect(viaVariable.errors).toBeUndefined();
  expect(viaVariable.data).toEqual(literal.data);
  const omitted = await gql(cp.server.url, `{ page: ${field('null').replace(/,? after: null/, '')} }`, {}, { session });
  expect(omitted.data).toEqual(literal.data);
});

test('a cursor that is not one is still refused on `after`', async () => {
  const r = await gql(cp.server.url, '{ myLedger(after: "nonsense") { items { id } } }', {}, { session: user });
  expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
});
