/**
 * The wallet page in Chromium: a top-up through a fake "epay" aggregator (its own signing, a
 * signed callback to the control plane, the payer sent back to the wallet), the amount checked
 * before anything is sent, redemption codes made by the administrator, the ledger, and the page
 * of a service without a payment provider.
 */
import type { Browser, Page } from 'playwright-core';
import { FakeEpayGateway } from '../fakes/epay-gateway.js';
import { TEST_ADMIN } from '../support/control-plane.js';
import { launchBrowser, openPage, screenshots, seriousA11yViolations } from '../support/browser.js';
import { startConsoleService, type ConsoleService } from '../support/console-service.js';
import { loginSession } from '../support/accounts.js';
import { freePort } from '../support/free-port.js';
import { gqlOk } from '../support/graphql.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';

const MERCHANT = { id: '1001', key: 'fake-gateway-merchant-key-7f3a' };
/** RMB per USD for these tests: 10 USD is 71.234 RMB credited, 71.23 paid. */
const RATE = '7.1234';

let gateway: FakeEpayGateway;
let service: ConsoleService;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  gateway = await FakeEpayGateway.start(MERCHANT);
  // The payment callback and the return address name the control plane, so its port is chosen first.
  const port = await freePort();
  [service, browser] = await Promise.all([
    startConsoleService({
      env: {
        CONTROL_PLANE_PORT: String(port),
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        PAY_MERCHANT_ID: MERCHANT.id,
        PAY_MERCHANT_KEY: MERCHANT.key,
        PAY_GATEWAY_URL: gateway.url,
      },
    }),
    launchBrowser(),
  ]);
  admin = await loginSession(service.cp.server.url, TEST_ADMIN.username, TEST_ADMIN.password);
  await gqlOk(service.cp.server.url, 'mutation($r: String!) { setExchangeRate(rate: $r, note: "wallet test") { rate } }', { r: RATE }, { session: admin });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await gateway?.close();
});

/** A user with a hot balance loaded (as after any first request), so "spendable" has a value. */
async function walletUser(): Promise<SeededAccount> {
  const user = await seedAccount(service.cp.services);
  await service.cp.services.billing.hot.ensureLoaded(user.account.id);
  return user;
}

async function balanceMicro(user: SeededAccount): Promise<bigint> {
  const { myBalance } = await gqlOk<{ myBalance: { balanceMicro: string } }>(service.cp.server.url, '{ myBalance { balanceMicro } }', {}, { session: user.session });
  return BigInt(myBalance.balanceMicro);
}

/** Micro-RMB as the console shows it: "¥71.234000" (grouped digits, all six decimals). */
function shownRmb(micro: bigint): string {
  const whole = (micro / 1_000_000n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `¥${whole}.${(micro % 1_000_000n).toString().padStart(6, '0')}`;
}

/** Opens the wallet and waits until its live link is up (pushed changes reach it from then on). */
async function openWallet(user: SeededAccount, path = '/wallet') {
  const watched = await openPage(browser, service.consoleUrl, { session: user.session });
  await watched.page.goto(path);
  await watched.page.getByTestId('wallet-live').waitFor();
  return watched;
}

/** The error shown for an input, read through its aria-describedby (so it is the one next to that field). */
async function fieldError(page: Page, label: string): Promise<string> {
  const input = page.getByLabel(label, { exact: true });
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' | ');
}

test('10 USD through the payment page: the RMB price is shown first, the payer comes back to the order paid, and an open wallet rises live', async () => {
  const user = await walletUser();
  const before = await balanceMicro(user);
  const watcher = await openWallet(user);
  await watcher.page.getByTestId('wallet-balance').filter({ hasText: shownRmb(before) }).waitFor();

  const { page, context, errors } = await openWallet(user);
  await page.getByTestId('topup-rate').filter({ hasText: '1 USD = ¥7.1234' }).waitFor();
  await page.getByLabel('Amount (USD)').fill('10');
  await page.getByTestId('topup-pay-rmb').filter({ hasText: '¥71.23' }).waitFor();
  expect(await page.getByTestId('topup-credit-rmb').innerText()).toBe('¥71.234000');
  await screenshots(page, 'wallet');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Pay ¥71.23' }).click();
  await page.waitForURL((url) => url.href.startsWith(gateway.url));
  await page.getByRole('heading', { name: 'Fake payment' }).waitFor();
  expect(gateway.refused).toEqual([]);
  const [order] = [...gateway.orders.values()];
  expect(order).toMatchObject({ pid: MERCHANT.id, type: 'alipay', money: '71.23', notifyUrl: `${service.consoleUrl}/pay/notify` });
  expect(order.returnUrl).toBe(`${service.consoleUrl}/wallet?order=${order.outTradeNo}`);

  // The aggregator calls back (signed), then sends the payer back to the wallet.
  await page.getByRole('button', { name: 'Pay ¥71.23' }).click();
  await page.waitForURL((url) => url.pathname === '/wallet' && url.searchParams.get('order') === order.outTradeNo);
  expect(gateway.callbacks).toEqual([{ outTradeNo: order.outTradeNo, status: 200, body: 'success' }]);
  const returned = page.getByTestId('returned-order');
  await returned.and(page.locator('[data-status="credited"]')).waitFor();
  expect(await returned.innerText()).toContain('Paid: ¥71.234000 was added to your balance.');
  const after = shownRmb(before + 71_234_000n);
  await page.getByTestId('wallet-balance').filter({ hasText: after }).waitFor();
  await page.getByTestId('wallet-orders').locator(`[data-order="${order.outTradeNo}"]`).filter({ hasText: 'Paid and credited' }).waitFor();
  await page.getByTestId('wallet-ledger').locator('[data-kind="top_up"]').filter({ hasText: '+¥71.234000' }).waitFor();
  await screenshots(page, 'wallet-paid');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The wallet left open in the other tab was told, without a reload.
  await watcher.page.getByTestId('wallet-balance').filter({ hasText: after }).waitFor();
  await watcher.page.getByTestId('wallet-ledger').locator('[data-kind="top_up"]').filter({ hasText: '+¥71.234000' }).waitFor();
  expect(await balanceMicro(user)).toBe(before + 71_234_000n);
  expect(errors).toEqual([]);
  expect(watcher.errors).toEqual([]);
  await watcher.context.close();
  await context.close();
});

test('a payment confirmed after the payer is back turns the order from pending to paid on the page', async () => {
  const user = await walletUser();
  const before = await balanceMicro(user);
  const { page, context, errors } = await openWallet(user);
  await page.getByLabel('Amount (USD)').fill('12.5');
  // 12.5 x 7.1234 = 89.0425 RMB credited, 89.04 paid
  await page.getByTestId('topup-pay-rmb').filter({ hasText: '¥89.04' }).waitFor();
  // The segmented control's radios are drawn as labels.
  await page.locator('label', { hasText: 'WeChat Pay' }).click();
  expect(await page.getByRole('radio', { name: 'WeChat Pay' }).isChecked()).toBe(true);
  gateway.notifyOnPay = false;
  try {
    await page.getByRole('button', { name: 'Pay ¥89.04' }).click();
    await page.waitForURL((url) => url.href.startsWith(gateway.url));
    const number = new URL(page.url()).searchParams.get('out_trade_no')!;
    expect(gateway.order(number)).toMatchObject({ type: 'wxpay', money: '89.04' });
    await page.getByRole('button', { name: 'Pay ¥89.04' }).click();
    await page.waitForURL((url) => url.pathname === '/wallet');
    const returned = page.getByTestId('returned-order');
    await returned.and(page.locator('[data-status="pending"]')).waitFor();
    expect(await returned.innerText()).toContain('Waiting for the payment to be confirmed');
    await page.getByTestId('wallet-live').waitFor();

    expect(await gateway.notify(number)).toEqual({ outTradeNo: number, status: 200, body: 'success' });
    await returned.and(page.locator('[data-status="credited"]')).waitFor();
    expect(await returned.innerText()).toContain('Paid: ¥89.042500 was added to your balance.');
    await page.getByTestId('wallet-balance').filter({ hasText: shownRmb(before + 89_042_500n) }).waitFor();
    // Closing the notice leaves the plain wallet.
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => url.pathname === '/wallet' && url.search === '');
    await returned.waitFor({ state: 'detached' });
  } finally {
    gateway.notifyOnPay = true;
  }
  expect(errors).toEqual([]);
  await context.close();
});

test('a top-up under 10 USD or not an amount is refused next to the field, and nothing is sent', async () => {
  const user = await walletUser();
  const { page, context, errors } = await openWallet(user);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && /createTopUp/.test(request.postData() ?? '')) sent.push(request.postData()!);
  });
  const ordersBefore = gateway.orders.size;
  const amount = page.getByLabel('Amount (USD)');

  await amount.fill('9.99');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByText('The minimum top-up is 10 USD.').waitFor();
  expect(await fieldError(page, 'Amount (USD)')).toContain('The minimum top-up is 10 USD.');
  expect(await page.getByTestId('topup-quote').count()).toBe(0);

  await amount.fill('ten');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByText('Enter an amount in USD, such as 10 or 25.50').waitFor();
  expect(await fieldError(page, 'Amount (USD)')).toContain('Enter an amount in USD');

  // Over the largest top-up: the API's own word on the amount, next to the field too.
  await amount.fill('100001');
  await page.getByText('the maximum top-up is 100000 USD per order').waitFor();
  expect(await fieldError(page, 'Amount (USD)')).toContain('the maximum top-up is 100000 USD per order');

  expect(sent).toEqual([]);
  expect(page.url()).toBe(`${service.consoleUrl}/wallet`);
  expect(gateway.orders.size).toBe(ordersBefore);
  expect(errors).toEqual([]);
  await context.close();
});

test('a code made by the administrator is redeemed once: the ledger shows it; used and unknown codes are refused in words', async () => {
  const user = await walletUser();
  const before = await balanceMicro(user);
  const { createRedemptionCodes } = await gqlOk<{ createRedemptionCodes: { codes: string[] } }>(
    service.cp.server.url,
    'mutation { createRedemptionCodes(count: 1, amountRmb: "5", name: "wallet test") { codes } }',
    {},
    { session: admin },
  );
  const [code] = createRedemptionCodes.codes;
  const { page, context, errors } = await openWallet(user);
  const field = page.getByLabel('Redemption code', { exact: true });

  await field.fill(code);
  await page.getByRole('button', { name: 'Redeem' }).click();
  const after = shownRmb(before + 5_000_000n);
  await page.getByTestId('redeem-done').filter({ hasText: `Code redeemed. Your balance is now ${after}.` }).waitFor();
  await page.getByTestId('wallet-balance').filter({ hasText: after }).waitFor();
  const entry = page.getByTestId('wallet-ledger').locator('[data-kind="redemption"]');
  await entry.filter({ hasText: '+¥5.000000' }).waitFor();
  expect(await entry.innerText()).toContain('Redemption code');
  expect(await field.inputValue()).toBe('');

  await field.fill(code);
  await page.getByRole('button', { name: 'Redeem' }).click();
  await page.getByText('This code has already been redeemed.').waitFor();
  expect(await fieldError(page, 'Redemption code')).toContain('This code has already been redeemed.');

  await field.fill('MRC-no-such-code');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await page.getByText('This code does not exist. Check it and try again.').waitFor();
  expect(await fieldError(page, 'Redemption code')).toContain('This code does not exist.');

  expect(await balanceMicro(user)).toBe(before + 5_000_000n);
  expect(await page.getByTestId('wallet-ledger').locator('[data-kind="redemption"]').count()).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});

describe('without a payment provider', () => {
  let plain: ConsoleService;
  beforeAll(async () => {
    plain = await startConsoleService();
  }, 60_000);
  afterAll(async () => {
    await plain?.stop();
  });

  test('the wallet says top-up is not available instead of the form, and still redeems codes', async () => {
    const user = await seedAccount(plain.cp.services);
    const { page, context, errors } = await openPage(browser, plain.consoleUrl, { session: user.session });
    await page.goto('/wallet');
    await page.getByTestId('topup-disabled').filter({ hasText: 'Top-up is not available on this service' }).waitFor();
    expect(await page.getByLabel('Amount (USD)').count()).toBe(0);
    await page.getByLabel('Redemption code', { exact: true }).waitFor();
    await page.getByTestId('wallet-ledger').or(page.getByText('No entries yet.')).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
