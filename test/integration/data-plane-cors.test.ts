import type { DataPlane } from '../../data-plane/bootstrap.js';
import { startTestControlPlane, TEST_ADMIN, type TestControlPlane } from '../support/control-plane.js';
import { startTestDataPlane, tempDataDir } from '../support/data-plane.js';
import { loginSession } from '../support/accounts.js';
import { gqlOk } from '../support/graphql.js';
import { seedAccount } from '../support/seeded-accounts.js';

/** Where the console is served (CONSOLE_URL, with a path: only its origin counts). */
const CONSOLE_ORIGIN = 'https://console.example.test';

let cp: TestControlPlane;
let dp: DataPlane;
let dataDir: { path: string; remove(): Promise<void> };
let key: string;

beforeAll(async () => {
  cp = await startTestControlPlane();
  dataDir = await tempDataDir();
  dp = await startTestDataPlane({ nodeName: 'cors', redisPrefix: cp.redisPrefix, dataDir: dataDir.path, env: { CONSOLE_URL: `${CONSOLE_ORIGIN}/` } });
  const user = await seedAccount(cp.services);
  const admin = await loginSession(cp.server.url, TEST_ADMIN.username, TEST_ADMIN.password);
  await gqlOk(cp.server.url, 'mutation ($a: ID!) { adjustBalance(accountId: $a, amountRmb: "5", reason: "cors test") { __typename } }', { a: user.account.id }, { session: admin });
  const { createToken } = await gqlOk<{ createToken: { id: string } }>(cp.server.url, 'mutation { createToken(input: { name: "browser" }) { id } }', {}, { session: user.session });
  key = (await gqlOk<{ tokenKey: string }>(cp.server.url, 'query ($id: ID!) { tokenKey(id: $id) }', { id: createToken.id }, { session: user.session })).tokenKey;
  // The data plane serves once the snapshot with the demo channel and the token's record are in.
  for (const deadline = Date.now() + 20_000; ; ) {
    const r = await fetch(`${dp.url}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    if (r.status === 200) break;
    if (Date.now() > deadline) throw new Error(`the data plane never served the key: ${r.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

afterAll(async () => {
  await dp?.close();
  await cp?.stop();
  await dataDir?.remove();
});

const CORS_HEADERS = ['access-control-allow-origin', 'access-control-expose-headers', 'access-control-allow-methods', 'access-control-allow-headers', 'access-control-max-age'];

function corsHeadersOf(r: Response): Record<string, string> {
  return Object.fromEntries(CORS_HEADERS.flatMap((h) => (r.headers.has(h) ? [[h, r.headers.get(h)!]] : [])));
}

const chat = (headers: Record<string, string>) =>
  fetch(`${dp.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ model: 'demo-chat', max_tokens: 32, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
  });

test("the console's preflight is answered before any key check, for each format's headers", async () => {
  const preflight = await fetch(`${dp.url}/v1/messages`, {
    method: 'OPTIONS',
    headers: { origin: CONSOLE_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'anthropic-version,content-type,x-api-key' },
  });
  expect(preflight.status).toBe(204);
  expect(corsHeadersOf(preflight)).toEqual({
    'access-control-allow-origin': CONSOLE_ORIGIN,
    'access-control-allow-methods': 'GET, POST',
    'access-control-allow-headers': 'anthropic-version,content-type,x-api-key',
    'access-control-max-age': '600',
  });
  expect(preflight.headers.get('vary')).toBe('Origin');
  expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
});

test("the console's calls can read the answer, its routing headers and refusals", async () => {
  const answer = await chat({ origin: CONSOLE_ORIGIN, authorization: `Bearer ${key}` });
  expect(answer.status).toBe(200);
  expect(corsHeadersOf(answer)).toEqual({
    'access-control-allow-origin': CONSOLE_ORIGIN,
    'access-control-expose-headers': 'x-request-id, x-meridian-group, x-meridian-channel-kind',
  });
  expect(answer.headers.get('x-meridian-channel-kind')).toBe('demo');
  expect(answer.headers.get('x-request-id')).toMatch(/^req_/);
  expect(await answer.text()).toContain('[DONE]');

  const refused = await chat({ origin: CONSOLE_ORIGIN, authorization: 'Bearer sk-unknown' });
  expect(refused.status).toBe(401);
  expect(corsHeadersOf(refused)['access-control-allow-origin']).toBe(CONSOLE_ORIGIN);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('Invalid API key');
});

test('other origins and requests without an Origin get no CORS headers', async () => {
  const foreignPreflight = await fetch(`${dp.url}/v1/chat/completions`, {
    method: 'OPTIONS',
    headers: { origin: 'https://elsewhere.example.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
  });
  expect(foreignPreflight.status).toBe(404);
  expect(corsHeadersOf(foreignPreflight)).toEqual({});

  const foreign = await chat({ origin: 'https://elsewhere.example.test', authorization: `Bearer ${key}` });
  expect(foreign.status).toBe(200);
  expect(corsHeadersOf(foreign)).toEqual({});
  await foreign.text();

  const plain = await chat({ authorization: `Bearer ${key}` });
  expect(plain.status).toBe(200);
  expect(corsHeadersOf(plain)).toEqual({});
  expect(plain.headers.get('vary')).toBeNull();
  await plain.text();
});
