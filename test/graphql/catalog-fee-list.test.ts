import { SEED_GROUPS } from '../../control-plane/catalog/seed.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { expectBadInput, gql, gqlOk, type GqlResult } from '../support/graphql.js';
import { adminAndUserSessions } from '../support/seeded-accounts.js';

let cp: TestControlPlane;
let admin: string;
let user: string;
let channelId: string;

interface Entry {
  modelId: string;
  group: string;
  vendor: string;
  kind: string;
  isDemo: boolean;
  groupMultiplier: string;
  modelMultiplier: string;
  exchangeRate: string;
  billingKind: string;
  prices: Record<string, string | null>;
  usdPrices: Record<string, string | null>;
  unitPrices: { size: string | null; quality: string | null; usd: string; rmb: string }[];
}
interface Page {
  feeList: { totalCount: number; nodes: Entry[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };
}

const ENTRY = 'modelId group vendor kind isDemo groupMultiplier modelMultiplier exchangeRate billingKind prices { input output cacheRead cacheWrite5m cacheWrite1h image videoSecond perRequest } usdPrices { input output cacheRead } unitPrices { size quality usd rmb }';
const FEE_LIST = `query($f: FeeListFilter, $first: Int, $after: String) { feeList(filter: $f, first: $first, after: $after) { totalCount nodes { ${ENTRY} } pageInfo { endCursor hasNextPage } } }`;

const feeList = (variables: Record<string, unknown>, session?: string): Promise<GqlResult<Page>> => gql<Page>(cp.server.url, FEE_LIST, variables, session ? { session } : {});
const adminOk = (query: string, variables: Record<string, unknown> = {}) => gqlOk(cp.server.url, query, variables, { session: admin });

beforeAll(async () => {
  cp = await startTestControlPlane();
  ({ admin, user } = await adminAndUserSessions(cp));
  // Two groups (one not public), a model with a multiplier, a channel serving it (by alias in one case) in both.
  await adminOk('mutation { createGroup(input: { name: "fee_pub", displayName: "Pub", priceMultiplier: "4.5", formats: ["messages"] }) { name } }');
  await adminOk('mutation { createGroup(input: { name: "fee_hidden", displayName: "Hidden", priceMultiplier: "0.35", formats: ["chat-completions"], isPublic: false }) { name } }');
  await adminOk(`mutation { createModel(input: { modelId: "fee-model", aliases: ["fee-alias"], vendor: "feeco", multiplier: "1.2",
    prices: { input: "3", output: "15", cacheRead: "0.3", cacheWrite5m: "3.75" } }) { modelId } }`);
  await adminOk(`mutation { createModel(input: { modelId: "fee-paint", vendor: "feeco", kind: Image, prices: { image: "0.04" },
    unitPrices: [{ size: "1024x1792", quality: "hd", usd: "0.12" }, { quality: "hd", usd: "0.080" }] }) { modelId } }`);
  await adminOk('mutation { createModel(input: { modelId: "fee-unserved", vendor: "feeco", prices: { input: "1", output: "1" } }) { modelId } }');
  await adminOk('mutation { setExchangeRate(rate: "7.1234") { rate } }');
  const ch = await adminOk(
    `mutation { createChannel(input: { name: "fee-ch", kind: Anthropic, baseUrl: "https://api.anthropic.example", keys: ["sk-fee-key-0123456789"],
      models: [{ model: "fee-alias" }, { model: "fee-paint" }], groups: [{ group: "fee_pub" }, { group: "fee_hidden" }] }) { id } }`,
  );
  channelId = (ch as { createChannel: { id: string } }).createChannel.id;
});

afterAll(async () => {
  await cp?.stop();
});

test('effective RMB prices are USD price x group multiplier x model multiplier x rate, exactly', async () => {
  const r = await feeList({ f: { vendor: 'feeco', group: 'fee_pub' } });
  expect(r.errors).toBeUndefined();
  const entry = r.data!.feeList.nodes.find((n) => n.modelId === 'fee-model');
  // 3 x 4.5 x 1.2 x 7.1234 = 115.39908; 15 x ... = 576.9954; 0.3 x ... = 11.539908; 3.75 x ... = 144.24885
  expect(entry).toMatchObject({
    group: 'fee_pub',
    vendor: 'feeco',
    kind: 'Text',
    isDemo: false,
    groupMultiplier: '4.5',
    modelMultiplier: '1.2',
    exchangeRate: '7.1234',
    billingKind: 'Tokens',
    usdPrices: { input: '3', output: '15', cacheRead: '0.3' },
    prices: { input: '115.39908', output: '576.9954', cacheRead: '11.539908', cacheWrite5m: '144.24885', cacheWrite1h: null, image: null, perRequest: null },
  });
  const paint = r.data!.feeList.nodes.find((n) => n.modelId === 'fee-paint');
  // 0.04 x 4.5 x 1 x 7.1234 = 1.282212; by size and quality: 0.12 x ... = 3.846636, 0.08 x ... = 2.564424
  expect(paint).toMatchObject({ kind: 'Image', prices: { image: '1.282212', input: null } });
  expect(paint!.unitPrices).toEqual([
    { size: '1024x1792', quality: 'hd', usd: '0.12', rmb: '3.846636' },
    { size: null, quality: 'hd', usd: '0.08', rmb: '2.564424' },
  ]);
  expect(entry!.unitPrices).toEqual([]);
});

test('everyone sees public groups only; administrators see all; unserved models are absent', async () => {
  const anonymous = await feeList({ f: { vendor: 'feeco' } });
  expect(anonymous.data!.feeList.nodes.map((n) => `${n.modelId}@${n.group}`)).toEqual(['fee-model@fee_pub', 'fee-paint@fee_pub']);
  expect(anonymous.data!.feeList.totalCount).toBe(2);
  const asUser = await feeList({ f: { vendor: 'feeco', group: 'fee_hidden' } }, user);
  expect(asUser.data!.feeList.totalCount).toBe(0);
  const asAdmin = await feeList({ f: { vendor: 'feeco' } }, admin);
  expect(asAdmin.data!.feeList.nodes.map((n) => `${n.modelId}@${n.group}`)).toEqual([
    'fee-model@fee_hidden',
    'fee-model@fee_pub',
    'fee-paint@fee_hidden',
    'fee-paint@fee_pub',
  ]);
  // 3 x 0.35 x 1.2 x 7.1234 = 8.975484
  expect(asAdmin.data!.feeList.nodes[0].prices.input).toBe('8.975484');
});

test('feeListVendors: the vendors of served models, sorted; a vendor served only in a non-public group for administrators only', async () => {
  await adminOk('mutation { createModel(input: { modelId: "hid-model", vendor: "hiddenco", prices: { input: "1", output: "2" } }) { modelId } }');
  await adminOk('mutation { createModel(input: { modelId: "idle-model", vendor: "idleco", prices: { input: "1", output: "2" } }) { modelId } }');
  await adminOk(`mutation { createChannel(input: { name: "hid-ch", kind: OpenAI, baseUrl: "https://api.openai.example", keys: ["sk-hid-key-0123456789"],
    models: [{ model: "hid-model" }], groups: [{ group: "fee_hidden" }] }) { id } }`);
  const query = '{ feeListVendors }';
  const anonymous = (await gqlOk<{ feeListVendors: string[] }>(cp.server.url, query)).feeListVendors;
  expect(anonymous).toEqual(['feeco', 'meridian']);
  const asUser = (await gqlOk<{ feeListVendors: string[] }>(cp.server.url, query, {}, { session: user })).feeListVendors;
  expect(asUser).toEqual(anonymous);
  const asAdmin = (await gqlOk<{ feeListVendors: string[] }>(cp.server.url, query, {}, { session: admin })).feeListVendors;
  expect(asAdmin).toEqual(['feeco', 'hiddenco', 'meridian']);
});

test('filters by kind and by search over ids and aliases', async () => {
  const images = await feeList({ f: { vendor: 'feeco', kind: 'Image' } });
  expect(images.data!.feeList.nodes.map((n) => n.modelId)).toEqual(['fee-paint']);
  const byAlias = await feeList({ f: { search: 'FEE-ALI' } });
  expect(byAlias.data!.feeList.nodes.map((n) => n.modelId)).toEqual(['fee-model']);
  const literal = await feeList({ f: { search: 'fee_model' } });
  expect(literal.data!.feeList.totalCount).toBe(0);
});

test('the seeded demo channel serves its models in every group, marked as demo, across pages without gaps', async () => {
  const seen: string[] = [];
  let after: string | null = null;
  let total = 0;
  for (let pages = 0; pages < 20; pages++) {
    const r: GqlResult<Page> = await feeList({ f: { search: 'demo-' }, first: 10, after });
    expect(r.errors).toBeUndefined();
    const page = r.data!.feeList;
    total = page.totalCount;
    for (const n of page.nodes) {
      expect(n.isDemo).toBe(true);
      seen.push(`${n.modelId}@${n.group}`);
    }
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  expect(total).toBe(3 * SEED_GROUPS.length);
  expect(seen).toHaveLength(total);
  expect(new Set(seen).size).toBe(total);
  const perRequest = await feeList({ f: { search: 'demo-chat', group: 'per_request' } });
  // 0.01 x 1 x 1 x 7.1234
  expect(perRequest.data!.feeList.nodes[0]).toMatchObject({ billingKind: 'PerRequest', prices: { perRequest: '0.071234' } });
});

test('a model leaves the fee list when its channel is disabled or has no enabled key', async () => {
  const count = async () => (await feeList({ f: { vendor: 'feeco' } }, admin)).data!.feeList.totalCount;
  expect(await count()).toBe(4);
  await adminOk('mutation($id: ID!) { updateChannel(id: $id, input: { status: Disabled }) { id } }', { id: channelId });
  expect(await count()).toBe(0);
  await adminOk('mutation($id: ID!) { updateChannel(id: $id, input: { status: Active }) { id } }', { id: channelId });
  const ch = (await adminOk('query($id: ID!) { channel(id: $id) { keys { id } } }', { id: channelId })) as { channel: { keys: { id: string }[] } };
  await adminOk('mutation($k: ID!) { setChannelKeyEnabled(keyId: $k, enabled: false) { id } }', { k: ch.channel.keys[0].id });
  expect(await count()).toBe(0);
  await adminOk('mutation($k: ID!) { setChannelKeyEnabled(keyId: $k, enabled: true) { id } }', { k: ch.channel.keys[0].id });
  expect(await count()).toBe(4);
});

test('a price or multiplier change shows in the fee list at once', async () => {
  await adminOk('mutation { updateModel(modelId: "fee-model", input: { multiplier: "1", prices: { input: "2" } }) { modelId } }');
  await adminOk('mutation { updateGroup(name: "fee_pub", input: { priceMultiplier: "2" }) { name } }');
  const r = await feeList({ f: { search: 'fee-model', group: 'fee_pub' } });
  // 2 x 2 x 1 x 7.1234
  expect(r.data!.feeList.nodes[0].prices.input).toBe('28.4936');
});

test('bad pagination arguments are refused naming the field', async () => {
  expectBadInput(await feeList({ first: 0 }), 'first');
  // A small selection, so the query cost limit does not refuse it first.
  const tooMany = await gql(cp.server.url, '{ feeList(first: 201) { totalCount } }');
  expectBadInput(tooMany, 'first');
  expectBadInput(await feeList({ after: 'garbage' }), 'after');
});

test('unit prices by size and quality are checked: each pair once, prices non-negative decimals', async () => {
  const create = (unitPrices: string) =>
    gql(cp.server.url, `mutation { createModel(input: { modelId: "fee-bad-paint", vendor: "feeco", kind: Image, prices: { image: "0.04" }, unitPrices: ${unitPrices} }) { modelId } }`, {}, { session: admin });
  expectBadInput(await create('[{ size: "1024x1024", usd: "0.1" }, { size: "1024x1024", usd: "0.2" }]'), 'unitPrices.1');
  expectBadInput(await create('[{ quality: "hd", usd: "-1" }]'), 'unitPrices.0.usd');
  const updated = await adminOk('mutation { updateModel(modelId: "fee-paint", input: { unitPrices: [{ quality: "low", usd: "0.011" }] }) { unitPrices { size quality usd } manualPriceOverride } }');
  expect(updated).toEqual({ updateModel: { unitPrices: [{ size: null, quality: 'low', usd: '0.011' }], manualPriceOverride: true } });
});

test('the official per-image and per-second prices of media models are seeded, by size and quality where they differ', async () => {
  const q = (id: string) => adminOk(`{ model(modelId: "${id}") { kind source manualPriceOverride prices { image videoSecond } unitPrices { size quality usd } } }`);
  expect(await q('dall-e-3')).toMatchObject({
    model: { kind: 'Image', source: 'official-media', manualPriceOverride: true, prices: { image: '0.04' }, unitPrices: expect.arrayContaining([{ size: '1024x1792', quality: 'hd', usd: '0.12' }]) },
  });
  expect(await q('sora-2-pro')).toMatchObject({ model: { kind: 'Video', prices: { videoSecond: '0.3' }, unitPrices: [{ size: '1024x1792', quality: null, usd: '0.5' }, { size: '1792x1024', quality: null, usd: '0.5' }] } });
});

test('a video model is listed with its per-second price and its prices by size', async () => {
  await adminOk('mutation { createModel(input: { modelId: "fee-film", vendor: "filmco", kind: Video, prices: { videoSecond: "0.1" }, unitPrices: [{ size: "1792x1024", usd: "0.5" }] }) { modelId } }');
  await adminOk(`mutation { createChannel(input: { name: "film-ch", kind: OpenAI, baseUrl: "https://api.openai.example", keys: ["sk-film-key-0123456789"],
    models: [{ model: "fee-film" }], groups: [{ group: "fee_pub" }] }) { id } }`);
  const r = await feeList({ f: { vendor: 'filmco', kind: 'Video' } });
  expect(r.errors).toBeUndefined();
  // fee_pub is x2 by now: 0.1 x 2 x 1 x 7.1234 = 1.42468 per second; 0.5 x 2 x 1 x 7.1234 = 7.1234 at 1792x1024
  expect(r.data!.feeList.nodes).toEqual([
    expect.objectContaining({
      modelId: 'fee-film',
      group: 'fee_pub',
      kind: 'Video',
      prices: expect.objectContaining({ videoSecond: '1.42468', image: null, input: null }),
      unitPrices: [{ size: '1792x1024', quality: null, usd: '0.5', rmb: '7.1234' }],
    }),
  ]);
});
