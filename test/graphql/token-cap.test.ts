import { Token } from '../../control-plane/tokens/token.entity.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { gql } from '../support/graphql.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';

const CAP = 5;
let cp: TestControlPlane;

beforeAll(async () => {
  // Alias and root-field limits raised so one mutation can ask for 300 tokens: the cap must hold by itself.
  cp = await startTestControlPlane({
    env: { MAX_TOKENS_PER_ACCOUNT: String(CAP), GRAPHQL_MAX_ALIASES: '300', GRAPHQL_MAX_ROOT_FIELDS: '300', GRAPHQL_COST_LIMIT: '100000' },
  });
});
afterAll(async () => {
  await cp?.stop();
});

const CREATE = (n: number) => `mutation { ${Array.from({ length: n }, (_, i) => `t${i}: createToken(input: { name: "t${i}" }) { id }`).join(' ')} }`;
const tokensOf = (seeded: SeededAccount) => cp.services.deps.orm.em.fork().count(Token, { account: seeded.account.id, deletedAt: null });

test('300 createToken aliases in one mutation create no more than the cap; the rest are refused clearly', async () => {
  const seeded = await seedAccount(cp.services);
  const r = await gql(cp.server.url, CREATE(300), {}, { session: seeded.session });
  expect(await tokensOf(seeded)).toBe(CAP);
  // Root mutation fields run one after another, and createToken is non-null: the first refusal ends the operation.
  expect(r.data).toBeUndefined();
  expect(r.errors).toHaveLength(1);
  expect(r.errors?.[0]).toMatchObject({
    path: [`t${CAP}`],
    message: `input: this account already holds ${CAP} tokens, the most allowed; delete one first`,
    extensions: { code: 'BAD_USER_INPUT', field: 'input', reason: 'TOO_MANY_TOKENS', limit: CAP },
  });
});

test('concurrent creations cannot race past the cap; deleting one makes room again', async () => {
  const seeded = await seedAccount(cp.services);
  const results = await Promise.all(Array.from({ length: 12 }, () => gql(cp.server.url, CREATE(1), {}, { session: seeded.session })));
  expect(results.filter((r) => !r.errors)).toHaveLength(CAP);
  expect(await tokensOf(seeded)).toBe(CAP);
  const [{ id }] = await cp.services.deps.orm.em.fork().find(Token, { account: seeded.account.id }, { limit: 1 });
  expect((await gql(cp.server.url, 'mutation($id: ID!) { deleteToken(id: $id) }', { id }, { session: seeded.session })).errors).toBeUndefined();
  expect((await gql(cp.server.url, CREATE(1), {}, { session: seeded.session })).errors).toBeUndefined();
  expect(await tokensOf(seeded)).toBe(CAP);
});
