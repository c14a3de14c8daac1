import { hashPassword } from '../../control-plane/auth/password.js';
import { Role, type Account } from '../../control-plane/accounts/account.entity.js';
import { newAccount } from '../../control-plane/accounts/new-account.js';
import type { Services } from '../../control-plane/services.js';
import { loginSession, TEST_PASSWORD } from './accounts.js';
import { TEST_ADMIN, type TestControlPlane } from './control-plane.js';

/** An account made for a test, with a live console session. */
export interface SeededAccount {
  account: Account;
  /** Bearer session secret (`ses_...`) for `gql(..., { session })`. */
  session: string;
}

let counter = 0;

/**
 * Inserts an account straight into the database (skipping the registration flow, which has its
 * own tests) and logs it in through the real session service. Password: TEST_PASSWORD.
 */
export async function seedAccount(services: Services, options: { role?: Role } = {}): Promise<SeededAccount> {
  const em = services.deps.orm.em.fork();
  const username = `seed${process.pid % 10000}_${++counter}`.slice(0, 12);
  const account = newAccount(em, {
    username,
    email: `${username}@example.test`,
    passwordHash: await hashPassword(TEST_PASSWORD),
    role: options.role ?? Role.User,
  });
  await em.flush();
  const { secret } = await services.sessions.create(em, account);
  return { account, session: secret };
}

/** Sessions for a test file: the built-in administrator (TEST_ADMIN, logged in over the API) and a fresh plain user. */
export async function adminAndUserSessions(cp: TestControlPlane): Promise<{ admin: string; user: string }> {
  const admin = await loginSession(cp.server.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const user = (await seedAccount(cp.services)).session;
  return { admin, user };
}
