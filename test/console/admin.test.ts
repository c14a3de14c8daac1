import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import type { DataPlane } from '../../data-plane/bootstrap.js';
import { FakeUpstream } from '../fakes/upstream.js';
import { loginSession } from '../support/accounts.js';
import { launchBrowser, openPage, screenshots, seriousA11yViolations, type WatchedPage } from '../support/browser.js';
import { startConsoleService, type ConsoleService } from '../support/console-service.js';
import { TEST_ADMIN } from '../support/control-plane.js';
import { startTestDataPlane, tempDataDir } from '../support/data-plane.js';
import { gql, gqlOk } from '../support/graphql.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';

/** The upstream key the channel is made with; the fake upstream must receive exactly it. */
const UPSTREAM_KEY = 'sk-admin-console-fake-key-0123456789';
const GROUP = 'fake_pool';
const MODEL = 'admin-test-model';
const UPSTREAM_MODEL = 'fake-upstream-model';

let service: ConsoleService;
let browser: Browser;
let upstream: FakeUpstream;
let admin: string;
let user: SeededAccount;

beforeAll(async () => {
  [service, browser, upstream] = await Promise.all([
    // A quick watch, so a data plane that stops is reported silent within a couple of seconds.
    startConsoleService({ env: { DATA_PLANE_WATCH_MS: '200', DATA_PLANE_SILENT_MS: '1500' } }),
    launchBrowser(),
    FakeUpstream.start(),
  ]);
  admin = await loginSession(service.cp.server.url, TEST_ADMIN.username, TEST_ADMIN.password);
  user = await seedAccount(service.cp.services);
});
afterAll(async () => {
  await browser?.close();
  await upstream?.close();
  await service?.stop();
});
afterEach(() => {
  expect(upstream.violations).toEqual([]);
});

const api = <T>(query: string, variables: Record<string, unknown> = {}) => gqlOk<T>(service.cp.server.url, query, variables, { session: admin });

/** An administrator's page at `path`, once its section heading shows. */
async function adminPage(path: string, heading: string): Promise<WatchedPage> {
  const watched = await openPage(browser, service.consoleUrl, { session: admin });
  await watched.page.goto(path);
  await watched.page.getByRole('heading', { name: heading, level: 3 }).waitFor();
  return watched;
}

/** Picks `option` in the select labelled `label` inside `scope` (its options open in a layer of the page). */
async function choose(page: Page, scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Asks `dataPlanes` until `node` is in state `state`. */
async function dataPlaneState(node: string, state: string): Promise<void> {
  for (const deadline = Date.now() + 20_000; ; ) {
    const { dataPlanes } = await api<{ dataPlanes: { node: string; state: string }[] }>('{ dataPlanes { node state } }');
    if (dataPlanes.some((d) => d.node === node && d.state === state)) return;
    if (Date.now() > deadline) throw new Error(`data plane ${node} never reached ${state}: ${JSON.stringify(dataPlanes)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Screenshots from the top of the page (the shell's header is fixed; a scrolled page would show it midway). */
async function shots(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, name);
}

/** Accessibility and console errors, checked on every page the test leaves. */
async function checkAndClose({ page, context, errors }: WatchedPage): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}

describe('catalog: a group, a model, and a channel to a fake upstream, tested from the page', () => {
  test('creates a group', async () => {
    const watched = await adminPage('/admin/groups', 'Groups');
    const { page } = watched;
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New group' });
    await dialog.getByLabel(/^Name/).fill(GROUP);
    await dialog.getByLabel('Display name').fill('Fake pool');
    await dialog.getByLabel('Price multiplier').fill('0');
    await dialog.getByRole('button', { name: 'Create' }).click();
    // The API's refusal shows next to its field; the dialog stays.
    await dialog.getByText('must be greater than zero').waitFor();
    await dialog.getByLabel('Price multiplier').fill('1.5');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: /Fake pool/ }).waitFor();
    await shots(page, 'admin-groups');
    const { group } = await api<{ group: { priceMultiplier: string; formats: string[] } }>('query ($n: String!) { group(name: $n) { priceMultiplier formats } }', { n: GROUP });
    expect(group).toEqual({ priceMultiplier: '1.5', formats: ['chat-completions'] });
    await checkAndClose(watched);
  });

  test('creates a model, edits its multiplier and rejected parameters, imports the catalog', async () => {
    const watched = await adminPage('/admin/models', 'Models and prices');
    const { page } = watched;
    await page.getByRole('button', { name: 'New model' }).click();
    const dialog = page.getByRole('dialog', { name: 'New model' });
    await dialog.getByLabel('Model id').fill(MODEL);
    await dialog.getByLabel(/^Vendor/).fill('openai');
    await dialog.getByLabel('Input', { exact: true }).fill('1.25');
    await dialog.getByLabel('Output', { exact: true }).first().fill('5');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByLabel('Search', { exact: true }).fill(MODEL);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Models found: 1').waitFor();
    await page.getByRole('button', { name: `Edit ${MODEL}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${MODEL}` });
    await edit.getByLabel('Model multiplier').fill('1.2');
    const rejected = edit.getByRole('combobox', { name: 'Rejected parameters' });
    await rejected.fill('top_p');
    await rejected.press('Enter');
    await shots(page, 'admin-model-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'top_p' }).waitFor();
    const { model } = await api<{ model: { multiplier: string; rejectedParameters: string[]; prices: { input: string; output: string }; manualPriceOverride: boolean } }>(
      'query ($m: String!) { model(modelId: $m) { multiplier rejectedParameters manualPriceOverride prices { input output } } }',
      { m: MODEL },
    );
    expect(model).toEqual({ multiplier: '1.2', rejectedParameters: ['top_p'], manualPriceOverride: true, prices: { input: '1.25', output: '5' } });

    await page.getByRole('button', { name: 'Import catalog' }).click();
    await page.getByTestId('import-result').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-result').textContent()).toMatch(/Catalog imported: [\d,]+ models in the package/);
    await shots(page, 'admin-models');
    await checkAndClose(watched);
  });

  test('adds a channel with a key in the group, tests it from the page, and the fake upstream gets that key', async () => {
    const watched = await adminPage('/admin/channels', 'Channels');
    const { page } = watched;
    await page.getByRole('button', { name: 'New channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'New channel' });
    await dialog.getByLabel('Name').fill('fake-openai');
    await dialog.getByLabel(/^Base URL/).fill(upstream.url);
    await dialog.getByLabel(/^API keys/).fill(UPSTREAM_KEY);
    await dialog.getByLabel(/^Models/).fill(`${MODEL} = ${UPSTREAM_MODEL}`);
    await dialog.getByLabel(/^Longest silence between streamed bytes/).fill('20');
    await dialog.getByRole('button', { name: 'Add group' }).click();
    await choose(page, dialog, 'Group', `Fake pool (${GROUP})`);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByRole('article', { name: 'fake-openai' });
    await card.getByText(GROUP, { exact: true }).waitFor();
    // Keys are shown masked, never in clear.
    await card.getByText(UPSTREAM_KEY.slice(0, 5), { exact: false }).first().waitFor();
    expect(await page.content()).not.toContain(UPSTREAM_KEY);
    await shots(page, 'admin-channels');

    const before = upstream.requestsFor(UPSTREAM_KEY).length;
    await card.getByRole('button', { name: 'Test fake-openai' }).click();
    const test = page.getByRole('dialog', { name: 'Test channel fake-openai' });
    await choose(page, test, 'Client format', 'chat-completions');
    await test.getByRole('button', { name: 'Run test' }).click();
    const result = test.getByTestId('channel-test-result');
    await result.waitFor();
    await result.getByText('Success').waitFor();
    await result.getByText('Hello from the fake upstream.').waitFor();
    expect(await result.textContent()).toMatch(/Latency\d[\d,]* ms/);
    await shots(page, 'admin-channel-test');
    const received = upstream.requestsFor(UPSTREAM_KEY);
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)).toMatchObject({ api: 'openai-chat', key: UPSTREAM_KEY, model: UPSTREAM_MODEL });
    // The dialog's own button (its title bar has a close button of the same name).
    await test.getByRole('button', { name: 'Close' }).last().click();

    // A key switched off with a reason, then on again.
    await card.getByRole('button', { name: /^Disable key / }).click();
    const disableKey = page.getByRole('dialog', { name: /^Disable key / });
    await disableKey.getByLabel(/^Reason/).fill('rotating');
    await disableKey.getByRole('button', { name: 'Disable' }).click();
    await card.getByText('Disabled: rotating').waitFor();
    await card.getByRole('button', { name: /^Enable key / }).click();
    await card.getByRole('button', { name: /^Disable key / }).waitFor();

    const { channels } = await api<{
      channels: { name: string; groups: { group: string }[]; keys: { enabled: boolean }[]; models: { model: string; upstreamModel: string }[]; idleTimeoutSeconds: number | null }[];
    }>('{ channels { name groups { group } keys { enabled } models { model upstreamModel } idleTimeoutSeconds } }');
    expect(channels.find((c) => c.name === 'fake-openai')).toEqual({
      name: 'fake-openai',
      groups: [{ group: GROUP }],
      keys: [{ enabled: true }],
      models: [{ model: MODEL, upstreamModel: UPSTREAM_MODEL }],
      idleTimeoutSeconds: 20,
    });
    await checkAndClose(watched);
  });
});

describe('accounts', () => {
  test('finds an account, adjusts its balance (new balance and ledger entry), disables and enables it', async () => {
    const watched = await adminPage('/admin/accounts', 'Accounts');
    const { page } = watched;
    await page.getByLabel('Username, e-mail or account id').fill(user.account.username);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Accounts found: 1').waitFor();
    await shots(page, 'admin-accounts');
    await page.getByRole('link', { name: user.account.username }).click();
    await page.getByRole('heading', { name: user.account.username }).waitFor();
    await page.getByTestId('account-balance').getByText('¥0.000000').waitFor();

    await page.getByRole('button', { name: 'Adjust balance' }).click();
    const adjust = page.getByRole('dialog', { name: `Adjust the balance of ${user.account.username}` });
    await adjust.getByLabel(/^Amount/).fill('abc');
    await adjust.getByLabel(/^Reason/).fill('goodwill credit');
    await adjust.getByRole('button', { name: 'Apply' }).click();
    await adjust.locator('.mantine-InputWrapper-error').first().waitFor();
    await adjust.getByLabel(/^Amount/).fill('12.5');
    await shots(page, 'admin-account-adjust');
    await adjust.getByRole('button', { name: 'Apply' }).click();
    await adjust.waitFor({ state: 'detached' });
    await page.getByTestId('account-balance').getByText('¥12.500000').waitFor();
    const ledger = page.getByTestId('account-ledger');
    await ledger.getByRole('row', { name: /Adjustment.*¥12\.500000.*goodwill credit/ }).waitFor();

    await page.getByRole('button', { name: 'Disable account' }).click();
    const disable = page.getByRole('dialog', { name: `Disable ${user.account.username}` });
    await disable.getByRole('button', { name: 'Disable account' }).click();
    await disable.getByText('say why the account is disabled').waitFor();
    await disable.getByLabel(/^Reason/).fill('chargeback review');
    await disable.getByRole('button', { name: 'Disable account' }).click();
    await disable.waitFor({ state: 'detached' });
    await page.getByText(/Disabled since .*: chargeback review/).waitFor();
    await shots(page, 'admin-account');
    const me = await gql(service.cp.server.url, '{ me { id } }', {}, { session: user.session });
    expect(me.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    await page.getByRole('button', { name: 'Enable account' }).click();
    const enable = page.getByRole('dialog', { name: `Enable ${user.account.username}` });
    await enable.getByRole('button', { name: 'Enable account' }).click();
    await enable.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Disable account' }).waitFor();
    const { account } = await api<{ account: { disabled: boolean; balanceRmb: string } }>('query ($id: ID!) { account(id: $id) { disabled balanceRmb } }', { id: user.account.id });
    expect(account).toEqual({ disabled: false, balanceRmb: '12.500000' });
    await checkAndClose(watched);
  });
});

describe('money', () => {
  test('sets an exchange rate with a note; it is in force and in the history', async () => {
    const watched = await adminPage('/admin/exchange-rate', 'Exchange rate');
    const { page } = watched;
    await page.getByLabel(/^RMB per USD/).fill('7.3125');
    await page.getByLabel(/^Note/).fill('bank rate of the day');
    await page.getByRole('button', { name: 'Set rate' }).click();
    await page.getByTestId('current-rate').getByText('¥7.3125 per USD').waitFor();
    await page.getByRole('row', { name: /7\.3125.*bank rate of the day/ }).waitFor();
    await shots(page, 'admin-exchange-rate');
    expect((await api<{ exchangeRate: { rate: string } }>('{ exchangeRate { rate } }')).exchangeRate.rate).toBe('7.3125');
    await checkAndClose(watched);
  });

  test('creates a redemption batch, shows the codes once and downloads them; a downloaded code redeems', async () => {
    const watched = await adminPage('/admin/redemption-codes', 'Redemption codes');
    const { page } = watched;
    await page.getByLabel(/^How many/).fill('3');
    await page.getByLabel(/^Amount each/).fill('5');
    await page.getByLabel(/^Batch name/).fill('spring promo');
    await page.getByRole('button', { name: 'Create codes' }).click();
    const shown = page.getByTestId('redemption-codes');
    await shown.waitFor();
    const codes = (await shown.textContent())!.split('\n').filter(Boolean);
    expect(codes).toHaveLength(3);
    await shots(page, 'admin-redemption');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download as CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^redemption-codes-.+\.csv$/);
    const raw = await readFile((await download.path())!, 'utf8');
    // A byte-order mark for spreadsheet programs, and CRLF line ends, as RFC 4180 has them.
    expect(raw.startsWith('\uFEFF')).toBe(true);
    const csv = raw.slice(1).replace(/\r\n$/, '').split('\r\n');
    expect(csv[0]).toBe('code,amount_rmb,batch,name');
    expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual(codes);
    expect(csv.slice(1).every((line) => line.split(',')[3] === 'spring promo')).toBe(true);

    const redeemer = await seedAccount(service.cp.services);
    const redeemed = await gqlOk<{ redeemCode: { balanceRmb: string } }>(service.cp.server.url, 'mutation ($c: String!) { redeemCode(code: $c) { balanceRmb } }', { c: codes[0] }, { session: redeemer.session });
    expect(redeemed.redeemCode.balanceRmb).toBe('5.000000');
    await checkAndClose(watched);
  });

  test('lists top-up orders', async () => {
    const watched = await adminPage('/admin/top-ups', 'Top-up orders');
    await watched.page.getByText('No top-up orders yet.').waitFor();
    await checkAndClose(watched);
  });

  test('runs reconciliation and shows what it found', async () => {
    const watched = await adminPage('/admin/reconciliation', 'Reconciliation');
    const { page } = watched;
    await page.getByRole('button', { name: 'Run reconciliation now' }).click();
    const run = page.getByTestId('reconciliation-run');
    await run.waitFor();
    const accounts = (await api<{ accounts: { totalCount: number } }>('{ accounts(first: 1) { totalCount } }')).accounts.totalCount;
    await run.getByText(`${accounts} accounts checked`).waitFor();
    await page.getByText('No account drifts.').waitFor();
    await shots(page, 'admin-reconciliation');
    await checkAndClose(watched);
  });
});

describe('operations', () => {
  test('posts an incident, updates it and resolves it', async () => {
    const watched = await adminPage('/admin/incidents', 'Incidents');
    const { page } = watched;
    await page.getByLabel('Title').fill('Elevated upstream errors');
    await choose(page, page, 'Impact', 'Major');
    await page.getByLabel(/^First update/).fill('We are looking into failing requests.');
    await page.getByRole('button', { name: 'Post incident' }).click();
    const card = page.getByRole('article', { name: 'Elevated upstream errors' });
    await card.waitFor();
    await card.getByRole('textbox', { name: 'Update', exact: true }).fill('A fix is deployed.');
    await choose(page, card, 'New status', 'Monitoring');
    await card.getByRole('button', { name: 'Post update' }).click();
    await card.getByText('A fix is deployed.').waitFor();
    await shots(page, 'admin-incidents');
    await card.getByRole('textbox', { name: 'Update', exact: true }).fill('All requests succeed again.');
    await card.getByRole('button', { name: 'Resolve' }).click();
    await card.getByRole('button', { name: 'Resolve' }).waitFor({ state: 'detached' });
    await card.getByText(/^Resolved ·/).waitFor();

    const { statusPage } = await gqlOk<{ statusPage: { incidents: { title: string; impact: string; status: string; updates: { status: string; message: string }[] }[] } }>(
      service.cp.server.url,
      '{ statusPage { incidents { title impact status updates { status message } } } }',
    );
    expect(statusPage.incidents).toEqual([
      {
        title: 'Elevated upstream errors',
        impact: 'MAJOR',
        status: 'RESOLVED',
        updates: [
          { status: 'INVESTIGATING', message: 'We are looking into failing requests.' },
          { status: 'MONITORING', message: 'A fix is deployed.' },
          { status: 'RESOLVED', message: 'All requests succeed again.' },
        ],
      },
    ]);
    await checkAndClose(watched);
  });

  test('lists the data planes with their applied revision; a data plane that stops shows as silent, live', async () => {
    const dataDir = await tempDataDir();
    let edge: DataPlane | undefined = await startTestDataPlane({ nodeName: 'edge', redisPrefix: service.cp.redisPrefix, dataDir: dataDir.path });
    try {
      await dataPlaneState('edge', 'OK');
      const watched = await adminPage('/admin/data-planes', 'Data planes');
      const { page } = watched;
      const table = page.getByTestId('data-planes');
      await table.getByRole('row', { name: /^edge OK/ }).waitFor();
      await table.getByRole('row', { name: /^domestic OK \d+ of \d+/ }).waitFor();
      await page.getByTestId('live-state').getByText(/connected$/).waitFor();
      await shots(page, 'admin-dataplanes');

      await edge.close();
      edge = undefined;
      // No reload: the status change arrives over the subscription.
      await table.getByRole('row', { name: /^edge Silent/ }).waitFor({ timeout: 20_000 });
      await checkAndClose(watched);
    } finally {
      await edge?.close();
      await dataDir.remove();
    }
  });
});

test('an ordinary user opening an administration page sees "not allowed"', async () => {
  const someone = await seedAccount(service.cp.services);
  const { page, context, errors } = await openPage(browser, service.consoleUrl, { session: someone.session });
  await page.goto('/admin/accounts');
  await page.getByTestId('not-allowed').waitFor();
  await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
  expect(await page.getByRole('heading', { name: 'Accounts' }).count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});
