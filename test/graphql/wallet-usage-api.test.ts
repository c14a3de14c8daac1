/**
 * The API the console's wallet and usage pages read beyond the basics: the top-up quote, one order
 * by its number (the payment page's return address), redemption errors with a reason, the
 * channel kind on usage records, and the units of image and video requests in usage and totals.
 */
import { Channel, ChannelKind } from '../../control-plane/catalog/channel.entity.js';
import { ExchangeRate } from '../../control-plane/catalog/exchange-rate.entity.js';
import { epaySign } from '../../control-plane/topup/epay.js';
import { Role } from '../../control-plane/accounts/account.entity.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { expectBadInput, gql, gqlOk } from '../support/graphql.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';
import { makeUsage } from '../../shared/pricing/usage.js';
import { sampleUsageEvent } from '../support/usage-event.js';

const MERCHANT = { id: '2002', key: 'merchant-secret-key-wallet', gateway: 'https://pay.example.test/submit.php' };

let cp: TestControlPlane;
let alice: SeededAccount;
let bob: SeededAccount;
let admin: SeededAccount;

beforeAll(async () => {
  cp = await startTestControlPlane({
    overrides: { consumeUsage: false },
    env: { PAY_MERCHANT_ID: MERCHANT.id, PAY_MERCHANT_KEY: MERCHANT.key, PAY_GATEWAY_URL: MERCHANT.gateway, PUBLIC_BASE_URL: 'https://meridian.example.test/' },
  });
  const em = cp.services.deps.orm.em.fork();
  em.create(ExchangeRate, { rate: '7.1234', note: 'test rate' });
  await em.flush();
  [alice, bob, admin] = await Promise.all([seedAccount(cp.services), seedAccount(cp.services), seedAccount(cp.services, { role: Role.Admin })]);
});

afterAll(async () => {
  await cp?.stop();
});

const QUOTE = 'query($a: String!) { topUpQuote(amountUsd: $a) { amountUsd exchangeRate amountRmb payRmb } }';
const ORDER = 'query($n: String!) { myTopUp(outTradeNo: $n) { outTradeNo amountUsd amountRmb payRmb status creditedAt } }';

test('topUpQuote prices a top-up at the rate in force, exactly as the order will be made', async () => {
  const { topUpQuote } = await gqlOk<{ topUpQuote: Record<string, string> }>(cp.server.url, QUOTE, { a: '12.50' }, { session: alice.session });
  // 12.5 x 7.1234 = 89.0425 RMB credited; 89.04 paid (to the fen)
  expect(topUpQuote).toEqual({ amountUsd: '12.5', exchangeRate: '7.1234', amountRmb: '89.042500', payRmb: '89.04' });
  const { createTopUp } = await gqlOk<{ createTopUp: { order: Record<string, string> } }>(
    cp.server.url,
    'mutation { createTopUp(amountUsd: "12.50") { order { amountUsd exchangeRate amountRmb payRmb } } }',
    {},
    { session: alice.session },
  );
  expect(createTopUp.order).toEqual(topUpQuote);
});

test('topUpQuote refuses what createTopUp refuses, on amountUsd, and needs a session', async () => {
  for (const amount of ['9.99', '0', 'abc', '-10', '1e3', '10.0000001', '100000.01', '']) {
    expectBadInput(await gql(cp.server.url, QUOTE, { a: amount }, { session: alice.session }), 'amountUsd');
  }
  const below = await gql(cp.server.url, QUOTE, { a: '9.99' }, { session: alice.session });
  expect(below.errors?.[0]?.message).toBe('amountUsd: the minimum top-up is 10 USD');
  expect((await gql(cp.server.url, QUOTE, { a: '10' })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});

test("myTopUp finds the viewer's own order by number, as the callback leaves it; others get NOT_FOUND", async () => {
  const { createTopUp } = await gqlOk<{ createTopUp: { payUrl: string; order: { outTradeNo: string } } }>(
    cp.server.url,
    'mutation { createTopUp(amountUsd: "10", payType: "wxpay") { payUrl order { outTradeNo } } }',
    {},
    { session: alice.session },
  );
  const number = createTopUp.order.outTradeNo;
  expect(new URL(createTopUp.payUrl).searchParams.get('return_url')).toBe(`https://meridian.example.test/wallet?order=${number}`);
  const pending = await gqlOk<{ myTopUp: Record<string, unknown> }>(cp.server.url, ORDER, { n: number }, { session: alice.session });
  expect(pending.myTopUp).toEqual({ outTradeNo: number, amountUsd: '10', amountRmb: '71.234000', payRmb: '71.23', status: 'pending', creditedAt: null });

  const params: Record<string, string> = { pid: MERCHANT.id, trade_no: 'T-1', out_trade_no: number, type: 'wxpay', name: 'top-up', money: '71.23', trade_status: 'TRADE_SUCCESS' };
  const base = cp.server.url.replace(/\/graphql$/, '');
  const res = await fetch(`${base}/pay/notify?${new URLSearchParams({ ...params, sign: epaySign(params, MERCHANT.key), sign_type: 'MD5' })}`);
  expect(await res.text()).toBe('success');
  const credited = await gqlOk<{ myTopUp: { status: string; creditedAt: string | null } }>(cp.server.url, ORDER, { n: number }, { session: alice.session });
  expect(credited.myTopUp.status).toBe('credited');
  expect(credited.myTopUp.creditedAt).not.toBeNull();

  for (const [session, n] of [[bob.session, number], [admin.session, number], [alice.session, 'MT-no-such-order']]) {
    expect((await gql(cp.server.url, ORDER, { n }, { session })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  }
  expect((await gql(cp.server.url, ORDER, { n: number })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});

test('redeemCode says why a code is refused: unknown, or already redeemed', async () => {
  const { createRedemptionCodes } = await gqlOk<{ createRedemptionCodes: { codes: string[] } }>(
    cp.server.url,
    'mutation { createRedemptionCodes(count: 1, amountRmb: "3") { codes } }',
    {},
    { session: admin.session },
  );
  const REDEEM = 'mutation($c: String!) { redeemCode(code: $c) { balanceRmb } }';
  const [code] = createRedemptionCodes.codes;
  await gqlOk(cp.server.url, REDEEM, { c: code }, { session: bob.session });
  const used = await gql(cp.server.url, REDEEM, { c: code }, { session: alice.session });
  expect(used.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'code', reason: 'ALREADY_REDEEMED' });
  const unknown = await gql(cp.server.url, REDEEM, { c: 'MRC-not-a-code' }, { session: alice.session });
  expect(unknown.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'code', reason: 'UNKNOWN_CODE' });
});

test('usage records name the kind of the channel that answered; unknown and deleted channels give null', async () => {
  const em = cp.services.deps.orm.em.fork();
  const demo = await em.findOneOrFail(Channel, { kind: ChannelKind.Demo });
  const gone = '00000000-0000-4000-8000-000000000000';
  const q = cp.services.deps.ports.usage;
  await q.append(sampleUsageEvent({ eventId: 'kind-1', accountId: alice.account.id, channelId: demo.id }));
  await q.append(sampleUsageEvent({ eventId: 'kind-2', accountId: alice.account.id, channelId: gone }));
  await q.append(sampleUsageEvent({ eventId: 'kind-3', accountId: alice.account.id, channelId: null }));
  await cp.services.billing.consumer.drain();
  const USAGE = '{ myUsage { items { requestId channelId channelKind } } }';
  const { myUsage } = await gqlOk<{ myUsage: { items: { requestId: string; channelId: string | null; channelKind: string | null }[] } }>(cp.server.url, USAGE, {}, { session: alice.session });
  expect(myUsage.items).toEqual([
    { requestId: 'kind-3', channelId: null, channelKind: null },
    { requestId: 'kind-2', channelId: gone, channelKind: null },
    { requestId: 'kind-1', channelId: demo.id, channelKind: 'demo' },
  ]);
  const { usageRecords } = await gqlOk<{ usageRecords: { items: { channelKind: string | null }[] } }>(
    cp.server.url,
    'query($id: ID) { usageRecords(accountId: $id) { items { channelKind } } }',
    { id: alice.account.id },
    { session: admin.session },
  );
  expect(usageRecords.items.map((i) => i.channelKind)).toEqual([null, null, 'demo']);
});

test('usage records and totals show the units of image and video requests: images, seconds, size and quality', async () => {
  const q = cp.services.deps.ports.usage;
  const media = { accountId: bob.account.id, group: 'image', prices: { image: '0.08' } };
  await q.append(
    sampleUsageEvent({ ...media, eventId: 'img-1', model: 'dall-e-3', formatIn: 'images', formatOut: 'images', usage: makeUsage({ images: 2 }), units: { size: '1792x1024', quality: 'hd' }, chargeMicro: '1139744' }),
    sampleUsageEvent({ ...media, eventId: 'vid-1', model: 'sora-2', formatIn: 'videos', formatOut: 'videos', usage: makeUsage({ videoSeconds: 8 }), units: { size: '1280x720' }, prices: { videoSecond: '0.1' }, chargeMicro: '5698720' }),
  );
  await cp.services.billing.consumer.drain();
  const { myUsage, myUsageTotals } = await gqlOk<{
    myUsage: { items: { requestId: string; formatIn: string; unitSize: string | null; unitQuality: string | null; usage: { images: number; videoSeconds: number; output: number } }[] };
    myUsageTotals: { model: string; requests: number; images: number; videoSeconds: number; chargeMicro: string }[];
  }>(
    cp.server.url,
    '{ myUsage { items { requestId formatIn unitSize unitQuality usage { images videoSeconds output } } } myUsageTotals { model requests images videoSeconds chargeMicro } }',
    {},
    { session: bob.session },
  );
  expect(myUsage.items).toEqual([
    { requestId: 'vid-1', formatIn: 'videos', unitSize: '1280x720', unitQuality: null, usage: { images: 0, videoSeconds: 8, output: 0 } },
    { requestId: 'img-1', formatIn: 'images', unitSize: '1792x1024', unitQuality: 'hd', usage: { images: 2, videoSeconds: 0, output: 0 } },
  ]);
  expect(myUsageTotals.map(({ model, requests, images, videoSeconds, chargeMicro }) => ({ model, requests, images, videoSeconds, chargeMicro })).sort((a, b) => a.model.localeCompare(b.model))).toEqual([
    { model: 'dall-e-3', requests: 1, images: 2, videoSeconds: 0, chargeMicro: '1139744' },
    { model: 'sora-2', requests: 1, images: 0, videoSeconds: 8, chargeMicro: '5698720' },
  ]);
});

test('the ledger, usage and top-up lists take `after: null` as the first page, as GraphQL clients send it', async () => {
  const query = `query($a: String) {
    myLedger(first: 5, after: $a) { pageInfo { hasNextPage } }
    myUsage(first: 5, after: $a) { pageInfo { hasNextPage } }
    myTopUps(first: 5, after: $a) { pageInfo { hasNextPage } }
  }`;
  const withNull = await gqlOk(cp.server.url, query, { a: null }, { session: alice.session });
  expect(withNull).toEqual(await gqlOk(cp.server.url, query, {}, { session: alice.session }));
});
