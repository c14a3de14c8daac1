import type { Browser } from 'playwright-core';
import { startConsoleService, type ConsoleService } from '../support/console-service.js';
import { launchBrowser, openPage, screenshots, seriousA11yViolations } from '../support/browser.js';
import { seedAccount } from '../support/seeded-accounts.js';
import { TEST_PASSWORD } from '../support/accounts.js';

let service: ConsoleService;
let browser: Browser;

beforeAll(async () => {
  [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe('serving', () => {
  test('the console is served for browser paths; GraphQL only at /graphql; no Apollo landing page', async () => {
    const page = await fetch(`${service.consoleUrl}/tokens`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const unknownHtml = await fetch(`${service.consoleUrl}/no/such/page`, { headers: { accept: 'text/html' } });
    expect(unknownHtml.status).toBe(200); // the console's own "not found" page

    const unknownJson = await fetch(`${service.consoleUrl}/no/such/thing`, { headers: { accept: 'application/json' } });
    expect(unknownJson.status).toBe(404);
    const post = await fetch(`${service.consoleUrl}/elsewhere`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ serverInfo { name } }"}' });
    expect(post.status).toBe(404);
    expect(await post.text()).not.toContain('serverInfo');

    const landing = await fetch(`${service.consoleUrl}/graphql`, { headers: { accept: 'text/html' } });
    expect(await landing.text()).not.toMatch(/Apollo Sandbox|apollographql/i);

    const gql = await fetch(`${service.consoleUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ serverInfo { name nodes { name baseUrl } } }"}' });
    expect(await gql.json()).toEqual({ data: { serverInfo: { name: 'meridian', nodes: [{ name: 'domestic', baseUrl: service.dataPlaneUrl }] } } });

    const missingAsset = await fetch(`${service.consoleUrl}/assets/nope.js`);
    expect(missingAsset.status).toBe(404);
  });

  test('a data plane redirects a browser asking for a console page to the console, path and query kept', async () => {
    for (const path of ['/', '/register?invite=abc', '/groupAvailability', '/status', '/tokens', '/admin/channels']) {
      const r = await fetch(`${service.dataPlaneUrl}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } });
      expect([r.status, r.headers.get('location')]).toEqual([302, `${service.consoleUrl}${path}`]);
    }
    // Model routes are untouched.
    const models = await fetch(`${service.dataPlaneUrl}/v1/models`, { redirect: 'manual' });
    expect(models.status).toBe(401);
    const post = await fetch(`${service.dataPlaneUrl}/register`, { method: 'POST', redirect: 'manual' });
    expect(post.status).toBe(404);
  });
});

describe('shell', () => {
  test('login returns to the page that asked for it; logout ends the session', async () => {
    const user = await seedAccount(service.cp.services);
    const { page, context, errors } = await openPage(browser, service.consoleUrl);
    await page.goto('/account');
    await page.waitForURL(/\/login\?next=%2Faccount/);
    await page.getByLabel('Username or e-mail').fill(user.account.username);
    await page.getByLabel(/^Password/).fill('wrong password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong username, e-mail or password.' }).waitFor();
    await page.getByLabel(/^Password/).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/account$/);
    await page.getByText(user.account.email).waitFor();
    await screenshots(page, 'account');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Log out' }).first().click();
    await page.waitForURL(/\/login$/);
    await page.goto('/dashboard');
    await page.waitForURL(/\/login\?next=%2Fdashboard/);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('an expired session goes to login and then back to where the user was', async () => {
    const user = await seedAccount(service.cp.services);
    const { page, context, errors } = await openPage(browser, service.consoleUrl, { session: user.session });
    await page.goto('/account');
    await page.getByText(user.account.email).waitFor();
    // The session ends while the page is open: the next API call (the tokens page's list) answers
    // UNAUTHENTICATED, and the console asks for a login, then returns to the tokens page.
    await service.cp.services.sessions.endAll(service.cp.services.deps.orm.em.fork(), user.account.id);
    await page.getByRole('link', { name: 'Tokens' }).first().click();
    await page.waitForURL(/\/login\?next=%2Ftokens/);
    await page.getByLabel('Username or e-mail').fill(user.account.username);
    await page.getByLabel(/^Password/).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/tokens$/);
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the login page is usable at phone width, in Chinese when the browser prefers it, and the choice is remembered', async () => {
    const { page, context, errors } = await openPage(browser, service.consoleUrl, { locale: 'zh-CN', viewport: { width: 390, height: 844 } });
    await page.goto('/login');
    await page.getByRole('heading', { name: '登录' }).waitFor();
    await screenshots(page, 'login');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByText('EN', { exact: true }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('an ordinary user opening an admin address sees "not allowed"; an unknown address shows "not found"', async () => {
    const user = await seedAccount(service.cp.services);
    const { page, context, errors } = await openPage(browser, service.consoleUrl, { session: user.session });
    await page.goto('/admin/channels');
    await page.getByTestId('not-allowed').waitFor();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a lost network shows a notice, and the page recovers when it is back', async () => {
    const user = await seedAccount(service.cp.services);
    const { page, context } = await openPage(browser, service.consoleUrl, { session: user.session });
    await page.goto('/account');
    await page.getByText(user.account.email).waitFor();
    await context.setOffline(true);
    await page.getByTestId('offline-notice').waitFor();
    await context.setOffline(false);
    await page.getByTestId('offline-notice').waitFor({ state: 'detached' });
    await page.getByText(user.account.email).waitFor();
    await context.close();
  });
});
