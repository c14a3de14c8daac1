import { TokenCache } from '../../data-plane/auth/token-cache.js';
import type { WireFormat } from '../../shared/formats.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import { formatOfPath } from '../../shared/wire/errors.js';
import { authenticate } from '../../data-plane/pipeline/authenticate.js';
import { startDataPlaneServer, type DataPlaneServer } from '../../data-plane/server.js';
import { redisPorts } from '../../shared/ports/factory.js';
import type { Ports } from '../../shared/ports/ports.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { TEST_REDIS_URL } from '../support/database.js';
import { gqlOk } from '../support/graphql.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';

let cp: TestControlPlane;
let ports: Ports;
let cache: TokenCache;
let dp: DataPlaneServer;
let owner: SeededAccount;
/** The data plane's clock for expiry; real time unless a test moves it. */
let clockOffsetMs = 0;

beforeAll(async () => {
  cp = await startTestControlPlane();
  // A data plane as in split mode: its own Redis connections on the control plane's prefix.
  ports = redisPorts(TEST_REDIS_URL, cp.redisPrefix);
  // Entries live for an hour: within a test, a token change reaches the cache by its notice or not at all.
  cache = new TokenCache(ports.tokens, { ttlMs: 3_600_000 });
  await cache.start();
  const auth = authenticate(cache, { now: () => Date.now() + clockOffsetMs });
  dp = await startDataPlaneServer(
    {
      missing: () => [],
      status: () => ({}),
      // Stand-ins for the routing stage (format from the path) and the relay (echo what auth found).
      middleware: async (ctx) => {
        const state = ctx.state as { format: WireFormat; token?: TokenRecord };
        state.format = formatOfPath(ctx.path);
        await auth(ctx, async () => {
          ctx.body = { token: state.token, querystring: ctx.querystring };
        });
      },
    },
    0,
    '127.0.0.1',
  );
  owner = await seedAccount(cp.services);
});

afterAll(async () => {
  await dp?.close();
  await cache?.stop();
  await ports?.close();
  await cp?.stop();
});

afterEach(() => {
  clockOffsetMs = 0;
});

async function newToken(input: Record<string, unknown> = {}): Promise<{ id: string; key: string }> {
  const { createToken } = await gqlOk<{ createToken: { id: string } }>(
    cp.server.url,
    'mutation ($input: CreateTokenInput!) { createToken(input: $input) { id } }',
    { input: { name: 'dp', ...input } },
    { session: owner.session },
  );
  const { tokenKey } = await gqlOk<{ tokenKey: string }>(cp.server.url, 'query ($id: ID!) { tokenKey(id: $id) }', { id: createToken.id }, { session: owner.session });
  return { id: createToken.id, key: tokenKey };
}

async function mutate(op: 'disableToken' | 'enableToken' | 'deleteToken', id: string): Promise<void> {
  const selection = op === 'deleteToken' ? '' : ' { id }';
  await gqlOk(cp.server.url, `mutation ($id: ID!) { ${op}(id: $id)${selection} }`, { id }, { session: owner.session });
}

/** The four ways clients send a key, each on its format's path. */
const STYLES = {
  'chat-completions (Bearer)': (key: string) => ({ path: '/v1/chat/completions', headers: { authorization: `Bearer ${key}` } }),
  'responses (Bearer)': (key: string) => ({ path: '/v1/responses', headers: { authorization: `Bearer ${key}` } }),
  'messages (x-api-key)': (key: string) => ({ path: '/v1/messages', headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' } }),
  'messages (Bearer, SDK 1.x)': (key: string) => ({ path: '/v1/messages', headers: { authorization: `Bearer ${key}`, 'anthropic-version': '2026-10-21' } }),
  'generateContent (?key=)': (key: string) => ({ path: `/v1beta/models/m:generateContent?key=${key}`, headers: {} }),
  'generateContent (x-goog-api-key)': (key: string) => ({ path: '/v1beta/models/m:generateContent', headers: { 'x-goog-api-key': key } }),
};

type Style = keyof typeof STYLES;

async function call(style: Style, key: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const { path, headers } = STYLES[style](key);
  const res = await fetch(dp.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Repeats `call` until it answers `status`, for at most `withinMs`; returns the last answer. */
async function pollUntil(style: Style, key: string, status: number, withinMs: number): Promise<{ status: number; body: Record<string, unknown> }> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const r = await call(style, key);
    if (r.status === status || Date.now() >= deadline) return r;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test.each(Object.keys(STYLES) as Style[])('a valid key authenticates: %s', async (style) => {
  const { id, key } = await newToken({ groups: [] });
  const r = await call(style, key);
  expect(r.status).toBe(200);
  expect(r.body.token).toMatchObject({ tokenId: id, accountId: owner.account.id, status: 'active' });
});

test('a key in the query string is taken out of it before later stages', async () => {
  const { key } = await newToken();
  const res = await fetch(`${dp.url}/v1beta/models/m:streamGenerateContent?alt=sse&key=${key}`, { method: 'POST', body: '{}' });
  const body = (await res.json()) as { querystring: string };
  expect(res.status).toBe(200);
  expect(body.querystring).toBe('alt=sse');
});

describe('refusals, each in the caller\'s format', () => {
  test('no key: 401', async () => {
    const chat = await fetch(`${dp.url}/v1/chat/completions`, { method: 'POST', body: '{}' });
    expect(chat.status).toBe(401);
    expect(await chat.json()).toMatchObject({ error: { type: 'authentication_error', message: expect.stringContaining('Authorization: Bearer') } });
    const messages = await fetch(`${dp.url}/v1/messages`, { method: 'POST', body: '{}' });
    expect(messages.status).toBe(401);
    expect(await messages.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error', message: expect.stringContaining('x-api-key') } });
    const gemini = await fetch(`${dp.url}/v1beta/models/m:generateContent`, { method: 'POST', body: '{}' });
    expect(gemini.status).toBe(401);
    expect(await gemini.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });

  test('unknown or malformed key: 401, and the key is not echoed', async () => {
    const unknown = `sk-${'A'.repeat(48)}`;
    for (const key of [unknown, 'not-a-key', `sk-${'x'.repeat(500)}`]) {
      const r = await call('chat-completions (Bearer)', key);
      expect(r.status).toBe(401);
      expect(JSON.stringify(r.body)).toContain('Invalid API key');
      expect(JSON.stringify(r.body)).not.toContain(key);
    }
  });

  test('a key sent the way another format sends it is missing', async () => {
    const { key } = await newToken();
    const res = await fetch(`${dp.url}/v1/chat/completions`, { method: 'POST', headers: { 'x-api-key': key }, body: '{}' });
    expect(res.status).toBe(401);
  });

  test('an expired token: 401', async () => {
    const expiresAt = new Date(Date.now() + 3600_000);
    const { key } = await newToken({ expiresAt: expiresAt.toISOString() });
    expect((await call('responses (Bearer)', key)).status).toBe(200);
    clockOffsetMs = 3600_000; // the data plane's clock passes the expiry
    const r = await call('responses (Bearer)', key);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ error: { type: 'authentication_error', message: expect.stringContaining('expired') } });
  });
});

test('disabling through GraphQL stops the cached key by notice; enabling restores it', async () => {
  const { id, key } = await newToken();
  expect((await call('messages (x-api-key)', key)).status).toBe(200); // now cached by the data plane
  await mutate('disableToken', id);
  const refused = await pollUntil('messages (x-api-key)', key, 403, 10_000);
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ type: 'error', error: { type: 'permission_error', message: expect.stringContaining('disabled') } });
  await mutate('enableToken', id);
  expect((await pollUntil('messages (x-api-key)', key, 200, 10_000)).status).toBe(200);
});

test('deleting through GraphQL stops the cached key by notice', async () => {
  const { id, key } = await newToken();
  expect((await call('generateContent (x-goog-api-key)', key)).status).toBe(200);
  await mutate('deleteToken', id);
  const refused = await pollUntil('generateContent (x-goog-api-key)', key, 401, 10_000);
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
});
