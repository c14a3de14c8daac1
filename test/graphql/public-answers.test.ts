import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { gql, gqlOk } from '../support/graphql.js';
import { adminAndUserSessions } from '../support/seeded-accounts.js';

let now = Date.now();
let cp: TestControlPlane;
let admin: string;
let user: string;

beforeAll(async () => {
  cp = await startTestControlPlane({ overrides: { now: () => now } });
  ({ admin, user } = await adminAndUserSessions(cp));
});
afterAll(async () => {
  await cp?.stop();
});

const STATUS = '{ statusPage { incidents { title } } }';
const titles = async (session?: string) =>
  (await gqlOk<{ statusPage: { incidents: { title: string }[] } }>(cp.server.url, STATUS, {}, { session })).statusPage.incidents.map((i) => i.title);

test('the status page is computed once per PUBLIC_CACHE_MS (5 s) and shared; administrators always get it fresh', async () => {
  const before = await titles();
  await gqlOk(cp.server.url, 'mutation($i: CreateIncidentInput!) { createIncident(input: $i) { id } }', { i: { title: 'Shared answers', impact: 'MINOR', message: 'Checking' } }, { session: admin });
  // The answer computed before the incident is still the one everyone without admin rights gets.
  expect(await titles()).toEqual(before);
  expect(await titles(user)).toEqual(before);
  expect(await titles(admin)).toEqual(['Shared answers', ...before]);
  now += 5001;
  expect(await titles()).toEqual(['Shared answers', ...before]);
});

test('groups: hidden ones never reach the shared answer, and a catalog change is seen at once', async () => {
  const GROUPS = '{ groups { name } }';
  const names = async (session?: string) => (await gqlOk<{ groups: { name: string }[] }>(cp.server.url, GROUPS, {}, { session })).groups.map((g) => g.name);
  const create = (name: string, isPublic: boolean) =>
    gqlOk(cp.server.url, 'mutation($i: CreateGroupInput!) { createGroup(input: $i) { name } }', { i: { name, displayName: name, formats: ['chat-completions'], priceMultiplier: '1', isPublic } }, { session: admin });
  await create('hidden_one', false);
  expect(await names(admin)).toContain('hidden_one');
  expect(await names()).not.toContain('hidden_one');
  expect(await names(user)).not.toContain('hidden_one');
  await create('public_one', true);
  expect(await names()).toContain('public_one');
  expect(await names(user)).toContain('public_one');
});

test('the fee list is shared per arguments; a refused cursor is refused every time, never kept', async () => {
  const FEES = 'query($first: Int!, $after: String) { feeList(first: $first, after: $after) { nodes { modelId group } } }';
  const one = await gqlOk<{ feeList: { nodes: unknown[] } }>(cp.server.url, FEES, { first: 1 });
  const two = await gqlOk<{ feeList: { nodes: unknown[] } }>(cp.server.url, FEES, { first: 2 });
  expect(one.feeList.nodes).toHaveLength(1);
  expect(two.feeList.nodes).toHaveLength(2);
  for (let i = 0; i < 2; i++) {
    const refused = await gql(cp.server.url, FEES, { first: 1, after: 'nonsense' });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
  }
});

test('group availability: hidden groups for administrators only, never through the shared answer', async () => {
  const AVAILABILITY = '{ groupAvailability { group } }';
  const groups = async (session: string) => (await gqlOk<{ groupAvailability: { group: string }[] }>(cp.server.url, AVAILABILITY, {}, { session })).groupAvailability.map((g) => g.group);
  expect(await groups(admin)).toContain('hidden_one');
  expect(await groups(user)).not.toContain('hidden_one');
  expect((await gql(cp.server.url, AVAILABILITY)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});
