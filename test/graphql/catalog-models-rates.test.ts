import { readGenaiPrices } from '../../control-plane/catalog/import/genai-prices.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { SnapshotBuilder } from '../../control-plane/publish/snapshot.builder.js';
import { expectBadInput, gql, gqlOk } from '../support/graphql.js';
import { adminAndUserSessions } from '../support/seeded-accounts.js';

let cp: TestControlPlane;
let admin: string;
let user: string;

beforeAll(async () => {
  cp = await startTestControlPlane();
  ({ admin, user } = await adminAndUserSessions(cp));
});

afterAll(async () => {
  await cp?.stop();
});

const MODEL_FIELDS = 'modelId aliases vendor kind multiplier contextLimit outputLimit defaultMaxOutputTokens prices { input output cacheRead cacheWrite5m cacheWrite1h image videoSecond perRequest }';

interface ModelRow {
  modelId: string;
  aliases: string[];
  vendor: string;
  kind: string;
  multiplier: string;
  prices: Record<string, string | null>;
  manualPriceOverride?: boolean;
}

const createModel = (input: Record<string, unknown>, session = admin) =>
  gql<{ createModel: ModelRow }>(cp.server.url, `mutation($i: CreateModelInput!) { createModel(input: $i) { ${MODEL_FIELDS} manualPriceOverride } }`, { i: input }, { session });
const updateModel = (modelId: string, input: Record<string, unknown>) =>
  gql<{ updateModel: ModelRow }>(
    cp.server.url,
    `mutation($m: String!, $i: UpdateModelInput!) { updateModel(modelId: $m, input: $i) { ${MODEL_FIELDS} manualPriceOverride } }`,
    { m: modelId, i: input },
    { session: admin },
  );
const modelAsAdmin = async (modelId: string) =>
  (await gqlOk<{ model: ModelRow }>(cp.server.url, `query($m: String!) { model(modelId: $m) { ${MODEL_FIELDS} manualPriceOverride } }`, { m: modelId }, { session: admin })).model;
const importCatalog = () =>
  gqlOk<{ importModelCatalog: { total: number; created: number; updated: number; keptManual: number; skipped: number } }>(
    cp.server.url,
    'mutation { importModelCatalog { total created updated keptManual skipped } }',
    {},
    { session: admin },
  );

describe('catalog import', () => {
  test('the first start imported the price catalog: hundreds of models, official prices, exact decimals', async () => {
    const { models } = await gqlOk<{ models: { totalCount: number } }>(cp.server.url, '{ models(first: 1) { totalCount } }');
    expect(models.totalCount).toBeGreaterThan(700);
    const sonnet = await gqlOk<{ model: ModelRow }>(cp.server.url, `{ model(modelId: "claude-3-5-sonnet") { ${MODEL_FIELDS} } }`);
    expect(sonnet.model).toMatchObject({ vendor: 'anthropic', kind: 'Text', multiplier: '1' });
    expect(sonnet.model.prices).toMatchObject({ input: '3', output: '15', cacheRead: '0.3', cacheWrite5m: '3.75', cacheWrite1h: '6' });
    // Looked up by an alias from the package's exact-match rule.
    const byAlias = await gqlOk<{ model: ModelRow }>(cp.server.url, '{ model(modelId: "gpt-4o-2024-08-06") { modelId } }');
    expect(byAlias.model.modelId).toBe('gpt-4o');
    // With the parameters its family refuses (control-plane/catalog/import/known-refusals.ts).
    const refusing = await gqlOk<{ model: { rejectedParameters: string[] } }>(cp.server.url, '{ model(modelId: "claude-sonnet-4-5") { rejectedParameters } }');
    expect(refusing.model.rejectedParameters).toEqual(['top_p']);
  });

  test('tiered prices import their base tier', () => {
    const pro = readGenaiPrices(new Date('2026-11-22T00:00:00Z')).models.find((m) => m.modelId === 'gemini-2.5-pro');
    expect(pro?.prices).toMatchObject({ input: '1.25', output: '10', cacheRead: '0.125' });
  });

  test('re-import restores imported prices but never overwrites a price an administrator set by hand', async () => {
    const edited = await updateModel('claude-3-5-sonnet', { prices: { input: '2.75' } });
    expect(edited.errors).toBeUndefined();
    expect(edited.data?.updateModel).toMatchObject({ manualPriceOverride: true, prices: { input: '2.75', output: '15' } });
    // A stale imported price (as if the package had changed since): the import puts the official one back.
    await cp.services.deps.orm.em.fork().getConnection().execute(`update model set price_input = 99 where model_id = 'gpt-4o'`);

    const result = (await importCatalog()).importModelCatalog;
    expect(result.total).toBeGreaterThan(700);
    expect(result.created).toBe(0);
    expect(result.updated).toBe(1);
    expect(result.keptManual).toBe(1);
    expect((await modelAsAdmin('claude-3-5-sonnet')).prices.input).toBe('2.75');
    expect((await modelAsAdmin('gpt-4o')).prices.input).toBe('2.5');

    // Handing the prices back to the import: the next import restores the official price.
    expect((await updateModel('claude-3-5-sonnet', { manualPriceOverride: false })).data?.updateModel.manualPriceOverride).toBe(false);
    await importCatalog();
    expect((await modelAsAdmin('claude-3-5-sonnet')).prices.input).toBe('3');
  });

  test('rejected parameters an administrator changed stay as set across re-imports', async () => {
    expect((await updateModel('claude-haiku-4-5', { rejectedParameters: ['top_k'] })).errors).toBeUndefined();
    await importCatalog();
    const { model } = await gqlOk<{ model: { rejectedParameters: string[] } }>(cp.server.url, '{ model(modelId: "claude-haiku-4-5") { rejectedParameters } }');
    expect(model.rejectedParameters).toEqual(['top_k']);
  });

  test('a deleted imported model comes back on re-import; an admin-created model is never touched', async () => {
    await gqlOk(cp.server.url, 'mutation { deleteModel(modelId: "gpt-4o-mini") }', {}, { session: admin });
    expect((await gql(cp.server.url, '{ model(modelId: "gpt-4o-mini") { modelId } }')).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const r = (await importCatalog()).importModelCatalog;
    expect(r.created).toBe(1);
    expect((await modelAsAdmin('gpt-4o-mini')).vendor).toBe('openai');
  });
});

describe('models', () => {
  test('administrators create, change and delete models; everyone reads them', async () => {
    const created = await createModel({
      modelId: 'acme-1',
      aliases: ['acme-latest'],
      vendor: 'Acme',
      prices: { input: '0.5', output: '1.5', cacheRead: '0' },
      multiplier: '1.2',
      contextLimit: 100000,
      outputLimit: 8000,
      defaultMaxOutputTokens: 4096,
    });
    expect(created.errors).toBeUndefined();
    expect(created.data?.createModel).toMatchObject({
      modelId: 'acme-1',
      aliases: ['acme-latest'],
      vendor: 'acme',
      kind: 'Text',
      multiplier: '1.2',
      manualPriceOverride: true,
      prices: { input: '0.5', output: '1.5', cacheRead: '0', image: null },
    });
    const read = await gqlOk<{ model: ModelRow }>(cp.server.url, `{ model(modelId: "acme-latest") { ${MODEL_FIELDS} } }`, {}, { session: user });
    expect(read.model.modelId).toBe('acme-1');

    const changed = await updateModel('acme-1', { prices: { cacheRead: null, output: '2.000' }, aliases: ['acme-one'], multiplier: '0.8' });
    expect(changed.data?.updateModel).toMatchObject({ aliases: ['acme-one'], multiplier: '0.8', prices: { input: '0.5', output: '2', cacheRead: null } });

    const image = await createModel({ modelId: 'acme-paint', vendor: 'acme', kind: 'Image', prices: { image: '0.04' } });
    expect(image.data?.createModel).toMatchObject({ kind: 'Image', prices: { image: '0.04', input: null } });
    const free = await createModel({ modelId: 'acme-free', vendor: 'acme', prices: { input: '0', output: '0' } });
    expect(free.data?.createModel.prices).toMatchObject({ input: '0', output: '0' });

    const list = await gqlOk<{ models: { totalCount: number; nodes: ModelRow[] } }>(cp.server.url, '{ models(filter: { vendor: "acme" }) { totalCount nodes { modelId } } }');
    expect(list.models.nodes.map((m) => m.modelId)).toEqual(['acme-1', 'acme-free', 'acme-paint']);
    const images = await gqlOk<{ models: { nodes: ModelRow[] } }>(cp.server.url, '{ models(filter: { vendor: "acme", kind: Image }) { nodes { modelId } } }');
    expect(images.models.nodes.map((m) => m.modelId)).toEqual(['acme-paint']);

    await gqlOk(cp.server.url, 'mutation { deleteModel(modelId: "acme-free") }', {}, { session: admin });
    expect((await gql(cp.server.url, '{ model(modelId: "acme-free") { modelId } }')).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  test('the parameters a model refuses are set, replaced and published in the snapshot; malformed names are refused', async () => {
    const FIELDS = 'modelId rejectedParameters';
    const created = await gqlOk<{ createModel: { rejectedParameters: string[] } }>(
      cp.server.url,
      `mutation($i: CreateModelInput!) { createModel(input: $i) { ${FIELDS} } }`,
      { i: { modelId: 'picky-1', vendor: 'acme', prices: { input: '1', output: '2' }, rejectedParameters: ['top_p', 'generationConfig.topK', 'top_p'] } },
      { session: admin },
    );
    expect(created.createModel.rejectedParameters).toEqual(['generationConfig.topK', 'top_p']);
    const snapshotModel = async () => (await new SnapshotBuilder().build(cp.services.deps.orm.em.fork())).content.models.find((m) => m.id === 'picky-1');
    expect((await snapshotModel())?.rejectedParameters).toEqual(['generationConfig.topK', 'top_p']);
    const changed = await gqlOk<{ updateModel: { rejectedParameters: string[] } }>(
      cp.server.url,
      `mutation($i: UpdateModelInput!) { updateModel(modelId: "picky-1", input: $i) { ${FIELDS} } }`,
      { i: { rejectedParameters: ['reasoning_effort'] } },
      { session: admin },
    );
    expect(changed.updateModel.rejectedParameters).toEqual(['reasoning_effort']);
    expect((await snapshotModel())?.rejectedParameters).toEqual(['reasoning_effort']);
    for (const bad of ['top p', 'a.b.c', '', '.x']) {
      const refused = await updateModel('picky-1', { rejectedParameters: [bad] });
      expect(refused.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    }
  });

  test('the model list pages by cursor without gaps or repeats', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let total = 0;
    for (;;) {
      const page: { models: { totalCount: number; nodes: ModelRow[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } } } = await gqlOk(
        cp.server.url,
        'query($a: String) { models(filter: { search: "CLAUDE-3" }, first: 7, after: $a) { totalCount nodes { modelId aliases } pageInfo { endCursor hasNextPage } } }',
        { a: after },
      );
      total = page.models.totalCount;
      seen.push(...page.models.nodes.map((m) => m.modelId));
      for (const m of page.models.nodes) expect([m.modelId, ...m.aliases].some((n) => n.toLowerCase().includes('claude-3'))).toBe(true);
      if (!page.models.pageInfo.hasNextPage) break;
      after = page.models.pageInfo.endCursor;
    }
    expect(total).toBeGreaterThan(7);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect([...seen].sort()).toEqual(seen);
  });

  test('non-administrators cannot write models, import, or see the override flag', async () => {
    const r = await createModel({ modelId: 'user-model', vendor: 'acme', prices: { input: '1', output: '1' } }, user);
    expect(r.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await gql(cp.server.url, 'mutation { importModelCatalog { total } }', {}, { session: user })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await gql(cp.server.url, 'mutation { deleteModel(modelId: "gpt-4o") }')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const flag = await gql(cp.server.url, '{ model(modelId: "gpt-4o") { manualPriceOverride } }', {}, { session: user });
    expect(flag.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await gql(cp.server.url, '{ model(modelId: "user-model") { modelId } }')).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  test('bad model input is refused naming the field', async () => {
    const base = { modelId: 'bad-model', vendor: 'acme', prices: { input: '1', output: '2' } };
    expectBadInput(await createModel({ ...base, modelId: 'gpt-4o' }), 'modelId');
    expectBadInput(await createModel({ ...base, modelId: 'gpt-4o-2024-08-06' }), 'modelId');
    expectBadInput(await createModel({ ...base, aliases: ['gpt-4o'] }), 'aliases');
    expectBadInput(await createModel({ ...base, aliases: ['gpt-4o-2024-11-20'] }), 'aliases');
    expectBadInput(await createModel({ ...base, aliases: ['x', 'x'] }), 'aliases');
    expectBadInput(await createModel({ ...base, modelId: 'has space' }), 'modelId');
    expectBadInput(await createModel({ ...base, prices: { input: '-1', output: '2' } }), 'prices.input');
    expectBadInput(await createModel({ ...base, prices: { input: 'abc', output: '2' } }), 'prices.input');
    expectBadInput(await createModel({ ...base, prices: { input: '1', output: '0.0000000000000000001' } }), 'prices.output');
    expectBadInput(await createModel({ ...base, prices: { input: '1' } }), 'prices.output');
    expectBadInput(await createModel({ ...base, kind: 'Video', prices: {} }), 'prices.videoSecond');
    expectBadInput(await createModel({ ...base, multiplier: '0' }), 'multiplier');
    expectBadInput(await createModel({ ...base, multiplier: '-2' }), 'multiplier');
    expectBadInput(await createModel({ ...base, vendor: 'Acme Inc' }), 'vendor');
    expectBadInput(await createModel({ ...base, contextLimit: 1000, outputLimit: 2000 }), 'outputLimit');
    expectBadInput(await updateModel('gpt-4o', { prices: { output: '-0.5' } }), 'prices.output');
    expectBadInput(await updateModel('gpt-4o', { aliases: ['claude-3-5-sonnet'] }), 'aliases');
    expect((await gql(cp.server.url, '{ model(modelId: "bad-model") { modelId } }')).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await modelAsAdmin('gpt-4o')).prices.output).toBe('10');
  });
});

describe('exchange rate', () => {
  test('administrators set the rate; the current one is public and the history keeps every change, newest first', async () => {
    await gqlOk(cp.server.url, 'mutation { setExchangeRate(rate: "7.1", note: "November") { rate } }', {}, { session: admin });
    await gqlOk(cp.server.url, 'mutation { setExchangeRate(rate: "7.1834", note: "December") { rate } }', {}, { session: admin });
    const current = await gqlOk<{ exchangeRate: { rate: string; note: string } }>(cp.server.url, '{ exchangeRate { rate note } }');
    expect(current.exchangeRate).toEqual({ rate: '7.1834', note: 'December' });
    const history = await gqlOk<{ exchangeRateHistory: { rate: string; note: string; setAt: string; setBy: string | null }[] }>(
      cp.server.url,
      '{ exchangeRateHistory { rate note setAt setBy } }',
      {},
      { session: admin },
    );
    expect(history.exchangeRateHistory.map((h) => h.rate)).toEqual(['7.1834', '7.1', '7.2']);
    expect(history.exchangeRateHistory[2].setBy).toBeNull();
    expect(history.exchangeRateHistory[0].setBy).toEqual(expect.any(String));
    const times = history.exchangeRateHistory.map((h) => Date.parse(h.setAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  test('non-administrators cannot set the rate or read the history; bad rates are refused', async () => {
    expect((await gql(cp.server.url, 'mutation { setExchangeRate(rate: "1") { rate } }', {}, { session: user })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await gql(cp.server.url, '{ exchangeRateHistory { rate } }', {}, { session: user })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    for (const rate of ['0', '-7', 'seven', '7.1234567', '']) {
      expectBadInput(await gql(cp.server.url, 'mutation($r: String!) { setExchangeRate(rate: $r) { rate } }', { r: rate }, { session: admin }), 'rate');
    }
    const current = await gqlOk<{ exchangeRate: { rate: string } }>(cp.server.url, '{ exchangeRate { rate } }');
    expect(current.exchangeRate.rate).toBe('7.1834');
  });
});
