import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { Role } from '../../control-plane/accounts/account.entity.js';
import { BALANCE_CHANGED } from '../../control-plane/billing/billing.js';
import { readControlPlaneConfig } from '../../control-plane/config.js';
import { ExchangeRate } from '../../control-plane/catalog/exchange-rate.entity.js';
import { LedgerEntry, LedgerKind } from '../../control-plane/ledger/ledger-entry.entity.js';
import { epaySign } from '../../control-plane/topup/epay.js';
import { eventually } from '../contract/harness.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { gql, gqlOk } from '../support/graphql.js';
import { seedAccount } from '../support/seeded-accounts.js';
import { TEST_REDIS_URL } from '../support/database.js';
import { redisPorts } from '../../shared/ports/factory.js';
import { RedisKeys } from '../../shared/redis/keys.js';

const MERCHANT = { id: '1001', key: 'merchant-secret-key-42', gateway: 'https://pay.example.test/submit.php' };

let cp: TestControlPlane;
let admin: string;
let user: { id: string; session: string };
const clients: Client[] = [];

beforeAll(async () => {
  cp = await startTestControlPlane({
    overrides: { consumeUsage: false },
    env: { PAY_MERCHANT_ID: MERCHANT.id, PAY_MERCHANT_KEY: MERCHANT.key, PAY_GATEWAY_URL: MERCHANT.gateway, PUBLIC_BASE_URL: 'https://meridian.example.test' },
  });
  const em = cp.services.deps.orm.em.fork();
  em.create(ExchangeRate, { rate: '7.1234', note: 'test rate' });
  await em.flush();
  admin = (await seedAccount(cp.services, { role: Role.Admin })).session;
  const seeded = await seedAccount(cp.services);
  user = { id: seeded.account.id, session: seeded.session };
  await cp.services.billing.hot.ensureLoaded(user.id);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  await cp.stop();
});

const base = () => cp.server.url.replace(/\/graphql$/, '');
const hot = async () => (await cp.services.deps.ports.balances.inspect(user.id)).balanceMicro;
const ledger = () => cp.services.ledger.balanceMicro(user.id);

const CREATE = 'mutation($a: String!) { createTopUp(amountUsd: $a) { payUrl order { id outTradeNo amountUsd exchangeRate amountRmb payRmb status } } }';

/** The aggregator's signed callback for an order. */
function callback(outTradeNo: string, money: string, overrides: Record<string, string> = {}): Record<string, string> {
  const params: Record<string, string> = { pid: MERCHANT.id, trade_no: `2026${outTradeNo.slice(-8)}`, out_trade_no: outTradeNo, type: 'alipay', name: 'Meridian top-up', money, trade_status: 'TRADE_SUCCESS', ...overrides };
  return { ...params, sign: epaySign(params, MERCHANT.key), sign_type: 'MD5' };
}

async function notify(params: Record<string, string>, method: 'GET' | 'POST' = 'POST'): Promise<{ status: number; text: string }> {
  const query = new URLSearchParams(params).toString();
  const res =
    method === 'GET'
      ? await fetch(`${base()}/pay/notify?${query}`)
      : await fetch(`${base()}/pay/notify`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: query });
  return { status: res.status, text: await res.text() };
}

test('top-up amounts below 10 USD, non-numeric or negative are refused', async () => {
  for (const amount of ['9.99', '0', 'abc', '-10', '1e3', '10.0000001', ' 10', '']) {
    const r = await gql(cp.server.url, CREATE, { a: amount }, { session: user.session });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'amountUsd' });
  }
  expect(await gql(cp.server.url, CREATE, { a: '10' })).toMatchObject({ errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) })] });
});

test('a top-up of 10 USD credits exactly 10 x rate once, even when the callback arrives three times', async () => {
  const { createTopUp } = await gqlOk<{ createTopUp: { payUrl: string; order: { id: string; outTradeNo: string; amountRmb: string; payRmb: string; status: string; exchangeRate: string } } }>(
    cp.server.url,
    CREATE,
    { a: '10' },
    { session: user.session },
  );
  expect(createTopUp.order).toMatchObject({ amountRmb: '71.234000', payRmb: '71.23', status: 'pending', exchangeRate: '7.1234' });
  // the pay URL is the gateway's, signed the same way
  const url = new URL(createTopUp.payUrl);
  expect(`${url.origin}${url.pathname}`).toBe(MERCHANT.gateway);
  const sent = Object.fromEntries(url.searchParams);
  expect(sent).toMatchObject({
    pid: MERCHANT.id,
    out_trade_no: createTopUp.order.outTradeNo,
    money: '71.23',
    notify_url: 'https://meridian.example.test/pay/notify',
    // the payer comes back to the console's wallet, which shows this order
    return_url: `https://meridian.example.test/wallet?order=${createTopUp.order.outTradeNo}`,
    sign_type: 'MD5',
  });
  expect(sent.sign).toBe(epaySign(sent, MERCHANT.key));

  const ledgerBefore = await ledger();
  const hotBefore = (await hot())!;
  const params = callback(createTopUp.order.outTradeNo, '71.23');
  expect(await notify(params, 'GET')).toEqual({ status: 200, text: 'success' });
  expect(await notify(params)).toEqual({ status: 200, text: 'success' });
  expect(await notify(params)).toEqual({ status: 200, text: 'success' });

  expect(await ledger()).toBe(ledgerBefore + 71_234_000n);
  expect(await hot()).toBe(hotBefore + 71_234_000n);
  const entries = await cp.services.deps.orm.em.fork().find(LedgerEntry, { account: user.id, kind: LedgerKind.TopUp });
  expect(entries.map((e) => e.amountMicro)).toEqual(['71234000']);
  const { myTopUps } = await gqlOk<{ myTopUps: { items: { id: string; status: string }[] } }>(cp.server.url, '{ myTopUps { items { id status } } }', {}, { session: user.session });
  expect(myTopUps.items.find((o) => o.id === createTopUp.order.id)?.status).toBe('credited');
});

test('a callback replayed after Redis lost the hot balance credits nothing more: the rebuilt balance knows its credits', async () => {
  const { createTopUp } = await gqlOk<{ createTopUp: { order: { outTradeNo: string } } }>(cp.server.url, CREATE, { a: '10' }, { session: user.session });
  const params = callback(createTopUp.order.outTradeNo, '71.23');
  expect(await notify(params)).toEqual({ status: 200, text: 'success' });
  const credited = (await hot())!;
  expect(credited).toBe(await ledger());
  // Redis loses the account's hot state; the control plane rebuilds it from the ledger.
  const keys = new RedisKeys(cp.redisPrefix);
  const raw = redisPorts(TEST_REDIS_URL, cp.redisPrefix);
  try {
    await raw.redis.cmd.del(keys.balance(user.id), keys.reservations(user.id), keys.tokenSpend(user.id), keys.appliedCredits(user.id), keys.unledgered(user.id));
  } finally {
    await raw.close();
  }
  expect(await cp.services.billing.hot.ensureLoaded(user.id)).toBe(true);
  expect(await hot()).toBe(credited);
  expect(await notify(params)).toEqual({ status: 200, text: 'success' });
  expect(await hot()).toBe(credited);
  expect(await ledger()).toBe(credited);
});

test('an adjustment sent again with its idempotency key changes nothing more; the key cannot be reused for another adjustment', async () => {
  const ADJUST = 'mutation($id: ID!, $a: String!, $k: String) { adjustBalance(accountId: $id, amountRmb: $a, reason: "goodwill credit", idempotencyKey: $k) { balanceMicro } }';
  const other = (await seedAccount(cp.services)).account.id;
  await cp.services.billing.hot.ensureLoaded(other);
  const ledgerOf = () => cp.services.ledger.balanceMicro(other);
  const hotOf = async () => (await cp.services.deps.ports.balances.inspect(other)).balanceMicro!;
  const [ledgerBefore, hotBefore] = [await ledgerOf(), await hotOf()];
  for (let i = 0; i < 3; i++) await gqlOk(cp.server.url, ADJUST, { id: other, a: '2.5', k: 'console-retry-0001' }, { session: admin });
  expect(await ledgerOf()).toBe(ledgerBefore + 2_500_000n);
  expect(await hotOf()).toBe(hotBefore + 2_500_000n);
  for (const [id, a] of [[other, '2.6'], [other, '-2.5'], [user.id, '2.5']]) {
    const reused = await gql(cp.server.url, ADJUST, { id, a, k: 'console-retry-0001' }, { session: admin });
    expect(reused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'idempotencyKey' });
  }
  const short = await gql(cp.server.url, ADJUST, { id: other, a: '1', k: 'short' }, { session: admin });
  expect(short.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'idempotencyKey' });
  expect(await ledgerOf()).toBe(ledgerBefore + 2_500_000n);
});

test('callbacks with a bad signature, a wrong amount, another merchant, an unpaid status or an unknown order credit nothing', async () => {
  const { createTopUp } = await gqlOk<{ createTopUp: { order: { outTradeNo: string } } }>(cp.server.url, CREATE, { a: '12.5' }, { session: user.session });
  const no = createTopUp.order.outTradeNo;
  const before = await ledger();
  const forged = { ...callback(no, '89.04'), sign: epaySign(callback(no, '89.04'), 'not-the-key') };
  const cases = [
    forged,
    { ...callback(no, '89.04'), money: '999.00' }, // signed for another amount
    callback(no, '1.00'), // correctly signed, wrong amount
    callback(no, '89.04', { pid: '9999' }),
    callback(no, '89.04', { trade_status: 'WAIT_BUYER_PAY' }),
    callback('MT-unknown', '89.04'),
    {},
  ];
  for (const params of cases) expect(await notify(params)).toEqual({ status: 400, text: 'fail' });
  expect(await ledger()).toBe(before);
  // 12.5 x 7.1234 = 89.0425 RMB credited; 89.04 paid (to the fen)
  expect(await notify(callback(no, '89.04'))).toEqual({ status: 200, text: 'success' });
  expect(await ledger()).toBe(before + 89_042_500n);
});

test('redemption codes: admins make batches; a code is redeemed once; unknown and reused codes are refused', async () => {
  const batch = await gqlOk<{ createRedemptionCodes: { codes: string[]; amountRmb: string } }>(
    cp.server.url,
    'mutation { createRedemptionCodes(count: 3, amountRmb: "5", name: "launch") { codes amountRmb } }',
    {},
    { session: admin },
  );
  expect(batch.createRedemptionCodes.codes).toHaveLength(3);
  expect(batch.createRedemptionCodes.amountRmb).toBe('5.000000');
  const forbidden = await gql(cp.server.url, 'mutation { createRedemptionCodes(count: 1, amountRmb: "5") { codes } }', {}, { session: user.session });
  expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  for (const [count, amount, field] of [[0, '5', 'count'], [1001, '5', 'count'], [1, '0', 'amountRmb'], [1, 'x', 'amountRmb'], [1, '-5', 'amountRmb']] as const) {
    const r = await gql(cp.server.url, 'mutation($c: Int!, $a: String!) { createRedemptionCodes(count: $c, amountRmb: $a) { codes } }', { c: count, a: amount }, { session: admin });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  }

  const [first, second] = batch.createRedemptionCodes.codes;
  const REDEEM = 'mutation($c: String!) { redeemCode(code: $c) { balanceMicro spendableRmb } }';
  const before = await ledger();
  const hotBefore = (await hot())!;
  await gqlOk(cp.server.url, REDEEM, { c: first }, { session: user.session });
  expect(await ledger()).toBe(before + 5_000_000n);
  expect(await hot()).toBe(hotBefore + 5_000_000n);
  const reused = await gql(cp.server.url, REDEEM, { c: first }, { session: user.session });
  expect(reused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'code' });
  expect(reused.errors?.[0]?.message).toMatch(/already been redeemed/);
  const unknown = await gql(cp.server.url, REDEEM, { c: 'MRC-nope' }, { session: user.session });
  expect(unknown.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'code' });
  // two redemptions of one code at once: exactly one wins
  const race = await Promise.all([gql(cp.server.url, REDEEM, { c: second }, { session: user.session }), gql(cp.server.url, REDEEM, { c: second }, { session: user.session })]);
  expect(race.filter((r) => !r.errors).length).toBe(1);
  expect(await ledger()).toBe(before + 10_000_000n);
});

test('administrators adjust balances with a reason; users may not; bad amounts are refused', async () => {
  const ADJUST = 'mutation($id: ID!, $a: String!, $r: String!) { adjustBalance(accountId: $id, amountRmb: $a, reason: $r) { balanceMicro } }';
  const before = await ledger();
  const r = await gqlOk<{ adjustBalance: { balanceMicro: string } }>(cp.server.url, ADJUST, { id: user.id, a: '-1.5', r: 'refund reversal' }, { session: admin });
  expect(BigInt(r.adjustBalance.balanceMicro)).toBe(before - 1_500_000n);
  expect(await gql(cp.server.url, ADJUST, { id: user.id, a: '1', r: 'gift' }, { session: user.session })).toMatchObject({ errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })] });
  for (const a of ['0', 'abc', '1e2', '1.0000001']) {
    const bad = await gql(cp.server.url, ADJUST, { id: user.id, a, r: 'reason' }, { session: admin });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'amountRmb' });
  }
  const { myLedger } = await gqlOk<{ myLedger: { items: { kind: string; amountRmb: string; memo: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } }>(
    cp.server.url,
    '{ myLedger(first: 1) { items { kind amountRmb memo } pageInfo { hasNextPage endCursor } } }',
    {},
    { session: user.session },
  );
  expect(myLedger.items).toEqual([expect.objectContaining({ kind: 'adjustment', amountRmb: '-1.500000' })]);
  expect(myLedger.pageInfo.hasNextPage).toBe(true);
  const next = await gqlOk<{ myLedger: { items: { kind: string }[] } }>(cp.server.url, 'query($a: String) { myLedger(first: 50, after: $a) { items { kind } } }', { a: myLedger.pageInfo.endCursor }, { session: user.session });
  expect(next.myLedger.items.map((i) => i.kind)).not.toContain('adjustment');
  const [report] = (await gqlOk<{ reconciliation: { accountId: string; status: string; driftMicro: string }[] }>(cp.server.url, 'query($ids: [ID!]) { reconciliation(accountIds: $ids) { accountId status driftMicro } }', { ids: [user.id] }, { session: admin })).reconciliation;
  expect(report).toEqual({ accountId: user.id, status: 'ok', driftMicro: '0' });
});

test('the console sees its balance change live', async () => {
  const client = createClient({ url: cp.server.wsUrl, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${user.session}` }, retryAttempts: 0 });
  clients.push(client);
  const seen: string[] = [];
  client.subscribe<{ balanceChanged: { accountId: string; balanceMicro: string } }>(
    { query: 'subscription { balanceChanged { accountId balanceMicro } }' },
    { next: ({ data }) => data && seen.push(data.balanceChanged.balanceMicro), error: () => undefined, complete: () => undefined },
  );
  await eventually(() => {
    if (seen.length === 0) {
      void cp.services.deps.events.pubSub.publish(BALANCE_CHANGED, { accountId: user.id });
      throw new Error('subscription not live yet');
    }
  }, 5000);
  const count = seen.length;
  await gqlOk(cp.server.url, 'mutation($id: ID!) { adjustBalance(accountId: $id, amountRmb: "2", reason: "live test") { balanceMicro } }', { id: user.id }, { session: admin });
  await eventually(() => expect(seen.slice(count)).toContain((BigInt(seen[count - 1]) + 2_000_000n).toString()), 5000);
});

test('top-up settings: PAY_* all or none, and PUBLIC_BASE_URL with them', () => {
  expect(readControlPlaneConfig({}, false).payment).toBeUndefined();
  expect(() => readControlPlaneConfig({ PAY_MERCHANT_ID: '1001' }, false)).toThrow(/PAY_MERCHANT_KEY/);
  expect(() => readControlPlaneConfig({ PAY_MERCHANT_ID: '1001', PAY_MERCHANT_KEY: 'k'.repeat(16), PAY_GATEWAY_URL: MERCHANT.gateway }, false)).toThrow(/PUBLIC_BASE_URL/);
  expect(() => readControlPlaneConfig({ PAY_MERCHANT_ID: '1001', PAY_MERCHANT_KEY: 'k'.repeat(16), PAY_GATEWAY_URL: 'ftp://x', PUBLIC_BASE_URL: 'https://a.test' }, false)).toThrow(/PAY_GATEWAY_URL/);
});
