import { gql } from '../support/graphql.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';

let cp: TestControlPlane;

beforeAll(async () => {
  cp = await startTestControlPlane();
});

afterAll(async () => {
  await cp?.stop();
});

test('answers a public query', async () => {
  const r = await gql<{ serverInfo: { name: string; portsKind: string } }>(cp.server.url, '{ serverInfo { name portsKind } }');
  expect(r.errors).toBeUndefined();
  expect(r.data?.serverInfo).toEqual({ name: 'meridian', portsKind: 'redis' });
});

test('a syntax error is a 400 without a stack trace', async () => {
  const r = await gql(cp.server.url, '{ serverInfo { ');
  expect(r.status).toBe(400);
  expect(r.errors?.[0].extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
  expect(JSON.stringify(r.errors)).not.toContain('stacktrace');
});

test('the tables of the migrations exist', async () => {
  const rows = await cp.services.deps.orm.em
    .fork()
    .getConnection()
    .execute<{ table_name: string }[]>(`select table_name from information_schema.tables where table_schema = 'public'`);
  const tables = rows.map((r) => r.table_name);
  expect(tables).toEqual(expect.arrayContaining(['account', 'api_token', 'ledger_entry', 'session', 'route_group']));
});

test('migrations match the entities (no pending schema diff)', async () => {
  const diff = await cp.services.deps.orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
  expect(diff.trim()).toBe('');
});
