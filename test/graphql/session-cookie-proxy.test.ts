/** Behind a TLS-terminating proxy (TRUST_PROXY=1), the session cookie is Secure; on plain HTTP it is not. */
import { SESSION_COOKIE } from '../../control-plane/server.js';
import { startTestControlPlane, TEST_ADMIN, type TestControlPlane } from '../support/control-plane.js';

let cp: TestControlPlane;

beforeAll(async () => {
  cp = await startTestControlPlane({ env: { TRUST_PROXY: '1' } });
});

afterAll(async () => {
  await cp?.stop();
});

async function loginCookie(headers: Record<string, string>): Promise<string> {
  const res = await fetch(cp.server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      query: 'mutation($i: LoginInput!) { login(input: $i) { token } }',
      variables: { i: { login: TEST_ADMIN.username, password: TEST_ADMIN.password } },
    }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  expect(cookie).toBeDefined();
  return cookie!.toLowerCase();
}

test('the cookie is Secure when the proxy says the client used https', async () => {
  expect(await loginCookie({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' })).toContain('; secure');
});

test('the cookie is not Secure on plain http', async () => {
  expect(await loginCookie({ 'x-forwarded-for': '203.0.113.8' })).not.toContain('; secure');
});
