import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { newAccount } from '../../control-plane/accounts/new-account.js';
import { hashPassword } from '../../control-plane/auth/password.js';
import { ormConfig } from '../../control-plane/db/orm.config.js';
import { loginSession, TEST_PASSWORD } from './accounts.js';
import { FAULT_GROUP } from './fault-catalog.js';
import { gqlOk } from './graphql.js';

/** An account of the fault suite: its id, a console session and an `sk-` key bound to the fault group. */
export interface FaultAccount {
  id: string;
  username: string;
  session: string;
  key: string;
}

/**
 * Makes an account on a control plane running in another process: inserted into its database
 * (registration has its own tests), logged in over GraphQL, given a token in the fault group and
 * funded with `fundRmb` by an administrator's adjustment (a ledger entry, as in production).
 */
export async function createFaultAccount(service: { databaseUrl: string; graphqlUrl: string; adminSession: string }, fundRmb: string): Promise<FaultAccount> {
  const username = `f${randomBytes(5).toString('hex')}`;
  const orm = await MikroORM.init(ormConfig(service.databaseUrl));
  let id: string;
  try {
    const em = orm.em.fork();
    const account = newAccount(em, { username, email: `${username}@example.test`, passwordHash: await hashPassword(TEST_PASSWORD) });
    await em.flush();
    id = account.id;
  } finally {
    await orm.close();
  }
  const session = await loginSession(service.graphqlUrl, username);
  const token = await gqlOk<{ createToken: { id: string } }>(service.graphqlUrl, 'mutation($i: CreateTokenInput!) { createToken(input: $i) { id } }', { i: { name: 'faults', groups: [FAULT_GROUP] } }, { session });
  const key = await gqlOk<{ tokenKey: string }>(service.graphqlUrl, 'query($id: ID!) { tokenKey(id: $id) }', { id: token.createToken.id }, { session });
  await gqlOk(
    service.graphqlUrl,
    'mutation($id: ID!, $a: String!, $k: String!) { adjustBalance(accountId: $id, amountRmb: $a, reason: "fault suite funds", idempotencyKey: $k) { balanceMicro } }',
    { id, a: fundRmb, k: `fund:${id}` },
    { session: service.adminSession },
  );
  return { id, username, session, key: key.tokenKey };
}
