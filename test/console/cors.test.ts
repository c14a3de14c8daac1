import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { startConsoleService, type ConsoleService } from '../support/console-service.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { seedAccount } from '../support/seeded-accounts.js';
import { TEST_PASSWORD } from '../support/accounts.js';

/** A page on another origin: an empty HTML page, from which the test calls the console's API. */
async function otherOrigin(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>other console</title>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let allowed: Awaited<ReturnType<typeof otherOrigin>>;
let stranger: Awaited<ReturnType<typeof otherOrigin>>;
let service: ConsoleService;
let browser: Browser;

beforeAll(async () => {
  [allowed, stranger] = await Promise.all([otherOrigin(), otherOrigin()]);
  [service, browser] = await Promise.all([startConsoleService({ env: { CONSOLE_ORIGINS: `${allowed.origin}, https://console.example.com` } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await allowed?.close();
  await stranger?.close();
});

/** Runs the API call in the page, from its origin, with credentials; answers what the page could read. */
function callFromPage(apiUrl: string, query: string, variables: Record<string, unknown> = {}) {
  return `fetch(${JSON.stringify(apiUrl)}, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: ${JSON.stringify(query)}, variables: ${JSON.stringify(variables)} }) })
    .then((r) => r.json()).then((body) => ({ body }), (e) => ({ failed: String(e) }))`;
}

test('a console on a listed origin signs in and calls the API with credentials', async () => {
  const user = await seedAccount(service.cp.services);
  const { page, context } = await openPage(browser, allowed.origin);
  await page.goto('/');
  const api = `${service.consoleUrl}/graphql`;
  const login = await page.evaluate(callFromPage(api, 'mutation($i: LoginInput!) { login(input: $i) { account { username } } }', { i: { login: user.account.username, password: TEST_PASSWORD } }));
  expect(login).toEqual({ body: { data: { login: { account: { username: user.account.username } } } } });
  // The session cookie set by that answer goes with the next call.
  const me = await page.evaluate(callFromPage(api, '{ me { username } }'));
  expect(me).toEqual({ body: { data: { me: { username: user.account.username } } } });
  await context.close();
});

test('a page on an origin that is not listed cannot read the API', async () => {
  const { page, context } = await openPage(browser, stranger.origin);
  await page.goto('/');
  const result = await page.evaluate(callFromPage(`${service.consoleUrl}/graphql`, '{ serverInfo { name } }'));
  expect(result).toEqual({ failed: expect.stringContaining('Failed to fetch') });
  await context.close();
});

test('preflights: answered for listed origins with credentials, not for others; CSRF prevention stays', async () => {
  const preflight = (origin: string) =>
    fetch(`${service.consoleUrl}/graphql`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
  const ok = await preflight('https://console.example.com');
  expect(ok.status).toBe(204);
  expect(ok.headers.get('access-control-allow-origin')).toBe('https://console.example.com');
  expect(ok.headers.get('access-control-allow-credentials')).toBe('true');

  const refused = await preflight('https://evil.example.com');
  expect(refused.headers.get('access-control-allow-origin')).toBeNull();

  // A "simple" request (no preflight) from a form on any site is still refused by CSRF prevention.
  const simple = await fetch(`${service.consoleUrl}/graphql`, { method: 'POST', headers: { origin: 'https://evil.example.com', 'content-type': 'text/plain' }, body: '{"query":"{ serverInfo { name } }"}' });
  expect(simple.status).toBe(400);
});
