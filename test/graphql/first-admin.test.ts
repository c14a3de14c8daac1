import { Account, Role } from '../../control-plane/accounts/account.entity.js';
import { loginSession } from '../support/accounts.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { gql, gqlOk } from '../support/graphql.js';

const NO_ADMIN_ENV = { ADMIN_USERNAME: '', ADMIN_PASSWORD: '' };

/** Runs `fn` while collecting what is written to stdout (the generated password is printed there). */
async function capturingStdout<T>(fn: () => Promise<T>): Promise<{ result: T; out: string }> {
  const original = process.stdout.write.bind(process.stdout);
  let out = '';
  process.stdout.write = ((chunk: string | Uint8Array) => {
    out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }) as typeof process.stdout.write;
  try {
    return { result: await fn(), out };
  } finally {
    process.stdout.write = original;
  }
}

let first: TestControlPlane;
let printed: string;

beforeAll(async () => {
  const started = await capturingStdout(() => startTestControlPlane({ env: NO_ADMIN_ENV }));
  first = started.result;
  printed = started.out;
});

afterAll(async () => {
  await first?.stop();
});

async function role(url: string, session: string): Promise<string> {
  return (await gqlOk<{ me: { role: string } }>(url, '{ me { role } }', {}, { session })).me.role;
}

test('without ADMIN_USERNAME/ADMIN_PASSWORD an admin is generated and its password printed once', async () => {
  const password = /password: (\S+)/.exec(printed)?.[1];
  expect(printed).toContain('username: admin');
  expect(password).toMatch(/^[0-9A-Za-z]{20}$/);
  expect(await role(first.server.url, await loginSession(first.server.url, 'admin', password))).toBe('ADMIN');

  // A restart (another instance on the same database) finds the admin and prints nothing.
  const again = await capturingStdout(() => startTestControlPlane({ env: NO_ADMIN_ENV, databaseUrl: first.databaseUrl, redisPrefix: first.redisPrefix }));
  await again.result.stop();
  expect(again.out).not.toContain('password:');
  expect(await first.services.deps.orm.em.fork().count(Account, { role: Role.Admin })).toBe(1);
});

test('ADMIN_USERNAME/ADMIN_PASSWORD are authoritative: the account is created, and its password follows the variable', async () => {
  const start = (password: string) =>
    startTestControlPlane({ env: { ADMIN_USERNAME: 'Root_Op', ADMIN_PASSWORD: password }, databaseUrl: first.databaseUrl, redisPrefix: first.redisPrefix });
  const a = await start('first password');
  try {
    expect(await role(a.server.url, await loginSession(a.server.url, 'root_op', 'first password'))).toBe('ADMIN');
  } finally {
    await a.stop();
  }
  const b = await start('second password');
  try {
    const old = await gql(b.server.url, 'mutation($i: LoginInput!) { login(input: $i) { token } }', { i: { login: 'root_op', password: 'first password' } });
    expect(old.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await role(b.server.url, await loginSession(b.server.url, 'root_op', 'second password'))).toBe('ADMIN');
  } finally {
    await b.stop();
  }
});
