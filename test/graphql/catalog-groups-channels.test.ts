import { SEED_GROUPS } from '../../control-plane/catalog/seed.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
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

const GROUP_FIELDS = 'name displayName priceMultiplier formats recommendedFormat billingKind autoRoute isPublic status';
const CHANNEL_FIELDS = 'id name kind isDemo baseUrl status keys { id position masked enabled disabledReason } models { model upstreamModel } groups { group priority weight } connectTimeoutMs firstByteTimeoutMs totalTimeoutMs azureApiVersion azureDeployment';

interface GroupRow {
  name: string;
  priceMultiplier: string;
  formats: string[];
  recommendedFormat: string;
  billingKind: string;
  autoRoute: boolean;
  isPublic: boolean;
}
interface ChannelRow {
  id: string;
  name: string;
  kind: string;
  isDemo: boolean;
  baseUrl: string;
  keys: { id: string; position: number; masked: string; enabled: boolean; disabledReason: string | null }[];
  models: { model: string; upstreamModel: string }[];
  groups: { group: string; priority: number; weight: number }[];
}

const createGroup = (input: Record<string, unknown>, session = admin) =>
  gql<{ createGroup: GroupRow }>(cp.server.url, `mutation($i: CreateGroupInput!) { createGroup(input: $i) { ${GROUP_FIELDS} } }`, { i: input }, { session });
const createChannel = (input: Record<string, unknown>, session = admin) =>
  gql<{ createChannel: ChannelRow }>(cp.server.url, `mutation($i: CreateChannelInput!) { createChannel(input: $i) { ${CHANNEL_FIELDS} } }`, { i: input }, { session });
const updateChannel = (id: string, input: Record<string, unknown>) =>
  gql<{ updateChannel: ChannelRow }>(cp.server.url, `mutation($id: ID!, $i: UpdateChannelInput!) { updateChannel(id: $id, input: $i) { ${CHANNEL_FIELDS} } }`, { id, i: input }, { session: admin });

describe('seed', () => {
  test('the 13 groups of the availability page are there for everyone, gamma accepting responses only', async () => {
    const { groups } = await gqlOk<{ groups: GroupRow[] }>(cp.server.url, `{ groups { ${GROUP_FIELDS} } }`);
    expect(groups).toHaveLength(13);
    const byName = new Map(groups.map((g) => [g.name, g]));
    for (const name of ['alpha_code', 'alpha_code_1', 'alpha_free', 'alpha', 'az', 'gamma', 'beta', 'fast_forward']) expect(byName.has(name)).toBe(true);
    expect(byName.get('gamma')).toMatchObject({ formats: ['responses'], recommendedFormat: 'responses', priceMultiplier: '0.2' });
    expect(byName.get('alpha_code')).toMatchObject({ formats: ['messages', 'chat-completions'], recommendedFormat: 'messages', priceMultiplier: '4.5' });
    expect(byName.get('beta')).toMatchObject({ formats: ['generateContent', 'chat-completions'], recommendedFormat: 'generateContent', priceMultiplier: '1.5' });
    expect(byName.get('fast_forward')).toMatchObject({ formats: ['chat-completions'], priceMultiplier: '3' });
    expect(byName.get('alpha')?.priceMultiplier).toBe('0.1');
    expect(byName.get('open_source_1')?.priceMultiplier).toBe('0.35');
    expect(byName.get('per_request')).toMatchObject({ billingKind: 'PerRequest', autoRoute: false });
    // The image generation group, x1, serves the image and video endpoints.
    expect(byName.get('image')).toMatchObject({ priceMultiplier: '1', formats: expect.arrayContaining(['images', 'videos']) });
  });

  test('the exchange rate and the demo channel in every group are seeded', async () => {
    const rate = await gqlOk<{ exchangeRate: { rate: string } }>(cp.server.url, '{ exchangeRate { rate } }');
    expect(rate.exchangeRate.rate).toBe('7.2');
    const { channels } = await gqlOk<{ channels: ChannelRow[] }>(cp.server.url, `{ channels { ${CHANNEL_FIELDS} } }`, {}, { session: admin });
    const demo = channels.find((c) => c.isDemo);
    expect(demo).toMatchObject({ name: 'demo', kind: 'Demo', baseUrl: '', keys: [] });
    expect(demo!.groups.map((g) => g.group).sort()).toEqual(SEED_GROUPS.map((g) => g.name).sort());
    expect(demo!.models.map((m) => m.model).sort()).toEqual(['demo-chat', 'demo-large', 'demo-small']);
  });

  test('a restart does not seed again: admin edits and deletions stay', async () => {
    await gqlOk(cp.server.url, 'mutation { updateGroup(name: "alpha", input: { priceMultiplier: "0.15" }) { name } }', {}, { session: admin });
    const { group } = await gqlOk<{ group: GroupRow }>(cp.server.url, '{ group(name: "alpha") { priceMultiplier } }');
    expect(group.priceMultiplier).toBe('0.15');
    await gqlOk(cp.server.url, 'mutation { deleteGroup(name: "alpha_free") }', {}, { session: admin });
    await gqlOk(cp.server.url, 'mutation { setExchangeRate(rate: "7.05") { rate } }', {}, { session: admin });

    const second = await startTestControlPlane({ databaseUrl: cp.databaseUrl, redisPrefix: cp.redisPrefix });
    try {
      const { groups } = await gqlOk<{ groups: GroupRow[] }>(second.server.url, `{ groups { ${GROUP_FIELDS} } }`);
      expect(groups.map((g) => g.name)).not.toContain('alpha_free');
      expect(groups.find((g) => g.name === 'alpha')?.priceMultiplier).toBe('0.15');
      const rate = await gqlOk<{ exchangeRate: { rate: string } }>(second.server.url, '{ exchangeRate { rate } }');
      expect(rate.exchangeRate.rate).toBe('7.05');
      const rows = await second.services.deps.orm.em.fork().getConnection().execute<{ n: number }[]>(`select count(*)::int as n from channel where kind = 'demo'`);
      expect(rows[0].n).toBe(1);
    } finally {
      await second.close();
    }
  });
});

describe('groups', () => {
  test('administrators create, change and delete groups', async () => {
    const created = await createGroup({ name: 'g_crud', displayName: 'CRUD', priceMultiplier: '1.25', formats: ['chat-completions', 'responses'] });
    expect(created.errors).toBeUndefined();
    expect(created.data?.createGroup).toMatchObject({ name: 'g_crud', priceMultiplier: '1.25', recommendedFormat: 'chat-completions', billingKind: 'Tokens', isPublic: true });

    const updated = await gqlOk<{ updateGroup: GroupRow }>(
      cp.server.url,
      `mutation { updateGroup(name: "g_crud", input: { formats: ["responses"], priceMultiplier: "0.500", isPublic: false }) { ${GROUP_FIELDS} } }`,
      {},
      { session: admin },
    );
    expect(updated.updateGroup).toMatchObject({ formats: ['responses'], recommendedFormat: 'responses', priceMultiplier: '0.5', isPublic: false });

    expect((await gql(cp.server.url, '{ group(name: "g_crud") { name } }', {}, { session: user })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const userList = await gqlOk<{ groups: GroupRow[] }>(cp.server.url, '{ groups { name } }', {}, { session: user });
    expect(userList.groups.map((g) => g.name)).not.toContain('g_crud');
    const adminList = await gqlOk<{ groups: GroupRow[] }>(cp.server.url, '{ groups { name } }', {}, { session: admin });
    expect(adminList.groups.map((g) => g.name)).toContain('g_crud');

    await gqlOk(cp.server.url, 'mutation { deleteGroup(name: "g_crud") }', {}, { session: admin });
    expect((await gql(cp.server.url, '{ group(name: "g_crud") { name } }', {}, { session: admin })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  test('a group may list the image and video endpoints as formats; an unknown one is refused', async () => {
    const created = await createGroup({ name: 'g_media', displayName: 'Media', priceMultiplier: '1', formats: ['images', 'videos'] });
    expect(created.errors).toBeUndefined();
    expect(created.data?.createGroup).toMatchObject({ formats: ['images', 'videos'], recommendedFormat: 'images' });
    const updated = await gqlOk<{ updateGroup: GroupRow }>(cp.server.url, `mutation { updateGroup(name: "g_media", input: { formats: ["videos", "chat-completions"] }) { ${GROUP_FIELDS} } }`, {}, { session: admin });
    expect(updated.updateGroup.formats).toEqual(['videos', 'chat-completions']);
    expectBadInput(await createGroup({ name: 'g_audio', displayName: 'Audio', priceMultiplier: '1', formats: ['audio'] }), 'formats');
    await gqlOk(cp.server.url, 'mutation { deleteGroup(name: "g_media") }', {}, { session: admin });
  });

  test('non-administrators cannot write groups', async () => {
    const asUser = await createGroup({ name: 'g_user', displayName: 'x', priceMultiplier: '1', formats: ['messages'] }, user);
    expect(asUser.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const anonymous = await gql(cp.server.url, 'mutation { deleteGroup(name: "gamma") }');
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const { groups } = await gqlOk<{ groups: GroupRow[] }>(cp.server.url, '{ groups { name } }');
    expect(groups.map((g) => g.name)).toContain('gamma');
  });

  test('bad group input is refused naming the field, and nothing is written', async () => {
    const base = { name: 'g_bad', displayName: 'Bad', priceMultiplier: '1', formats: ['chat-completions'] };
    expectBadInput(await createGroup({ ...base, formats: ['chat'] }), 'formats');
    expectBadInput(await createGroup({ ...base, formats: [] }), 'formats');
    expectBadInput(await createGroup({ ...base, formats: ['messages', 'messages'] }), 'formats');
    expectBadInput(await createGroup({ ...base, recommendedFormat: 'responses' }), 'recommendedFormat');
    expectBadInput(await createGroup({ ...base, recommendedFormat: 'grpc' }), 'recommendedFormat');
    expectBadInput(await createGroup({ ...base, priceMultiplier: '0' }), 'priceMultiplier');
    expectBadInput(await createGroup({ ...base, priceMultiplier: '-1' }), 'priceMultiplier');
    expectBadInput(await createGroup({ ...base, priceMultiplier: '1e3' }), 'priceMultiplier');
    expectBadInput(await createGroup({ ...base, priceMultiplier: '0.0000001' }), 'priceMultiplier');
    expectBadInput(await createGroup({ ...base, name: 'Bad Name' }), 'name');
    expectBadInput(await createGroup({ ...base, name: 'gamma' }), 'name');
    const r = await gql(cp.server.url, 'mutation { updateGroup(name: "gamma", input: { formats: ["responses", "soap"] }) { name } }', {}, { session: admin });
    expectBadInput(r, 'formats');
    const { groups } = await gqlOk<{ groups: GroupRow[] }>(cp.server.url, `{ groups { ${GROUP_FIELDS} } }`, {}, { session: admin });
    expect(groups.map((g) => g.name)).not.toContain('g_bad');
    expect(groups.find((g) => g.name === 'gamma')?.formats).toEqual(['responses']);
  });
});

describe('channels', () => {
  const KEY_A = 'sk-upstream-AAAAAAAAAAAAAAAAAAAA-1111';
  const KEY_B = 'sk-upstream-BBBBBBBBBBBBBBBBBBBB-2222';
  const KEY_C = 'sk-upstream-CCCCCCCCCCCCCCCCCCCC-3333';

  test('administrators create a channel; keys come back masked and are encrypted at rest', async () => {
    const r = await createChannel({
      name: 'openai-main',
      kind: 'OpenAI',
      baseUrl: 'https://api.openai.example/v1/',
      keys: [KEY_A, KEY_B],
      models: [{ model: 'gpt-4o' }, { model: 'gpt-4o-mini', upstreamModel: 'gpt-4o-mini-2024-07-18' }],
      groups: [{ group: 'fast_forward', priority: 10, weight: 3 }, { group: 'gamma' }],
      firstByteTimeoutMs: 30000,
    });
    expect(r.errors).toBeUndefined();
    const ch = r.data!.createChannel;
    expect(ch).toMatchObject({
      kind: 'OpenAI',
      isDemo: false,
      baseUrl: 'https://api.openai.example/v1',
      models: [
        { model: 'gpt-4o', upstreamModel: 'gpt-4o' },
        { model: 'gpt-4o-mini', upstreamModel: 'gpt-4o-mini-2024-07-18' },
      ],
      groups: [
        { group: 'fast_forward', priority: 10, weight: 3 },
        { group: 'gamma', priority: 0, weight: 1 },
      ],
      firstByteTimeoutMs: 30000,
      connectTimeoutMs: 10000,
    });
    expect(ch.keys.map((k) => k.masked)).toEqual(['sk-up...1111', 'sk-up...2222']);
    expect(JSON.stringify(r.data)).not.toContain('AAAAAAAAAAAAAAAAAAAA');

    const listed = await gql(cp.server.url, `{ channels { ${CHANNEL_FIELDS} } }`, {}, { session: admin });
    expect(JSON.stringify(listed.data)).not.toContain('AAAAAAAAAAAAAAAAAAAA');

    const rows = await cp.services.deps.orm.em
      .fork()
      .getConnection()
      .execute<{ key_encrypted: string; key_masked: string }[]>('select key_encrypted, key_masked from channel_key where channel_id = ? order by position', [ch.id]);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.key_encrypted).toMatch(/^v1\./);
      expect(row.key_encrypted).not.toContain('AAAA');
      expect(row.key_encrypted).not.toContain('BBBB');
    }
    expect(rows.map((row) => cp.services.deps.secrets.decrypt(row.key_encrypted))).toEqual([KEY_A, KEY_B]);
  });

  test('administrators change keys, models and memberships, disable one key alone, and delete', async () => {
    const ch = (await createChannel({ name: 'anthropic-1', kind: 'Anthropic', baseUrl: 'https://api.anthropic.example', keys: [KEY_A, KEY_B], groups: [{ group: 'alpha_code' }] })).data!
      .createChannel;
    const [first, second] = ch.keys;

    const changed = await updateChannel(ch.id, {
      addKeys: [KEY_C],
      removeKeyIds: [first.id],
      models: [{ model: 'claude-sonnet-4-5' }],
      groups: [{ group: 'alpha_code', priority: 5 }, { group: 'alpha_code_1', weight: 2 }],
      name: 'anthropic-renamed',
    });
    expect(changed.errors).toBeUndefined();
    const c = changed.data!.updateChannel;
    expect(c.name).toBe('anthropic-renamed');
    expect(c.keys.map((k) => k.masked)).toEqual(['sk-up...2222', 'sk-up...3333']);
    expect(c.models).toEqual([{ model: 'claude-sonnet-4-5', upstreamModel: 'claude-sonnet-4-5' }]);
    expect(c.groups).toEqual([
      { group: 'alpha_code', priority: 5, weight: 1 },
      { group: 'alpha_code_1', priority: 0, weight: 2 },
    ]);

    const disabled = await gqlOk<{ setChannelKeyEnabled: ChannelRow }>(
      cp.server.url,
      'mutation($k: ID!) { setChannelKeyEnabled(keyId: $k, enabled: false, reason: "upstream 401 invalid_api_key") { keys { id enabled disabledReason } } }',
      { k: second.id },
      { session: admin },
    );
    expect(disabled.setChannelKeyEnabled.keys).toEqual([
      { id: second.id, enabled: false, disabledReason: 'upstream 401 invalid_api_key' },
      { id: c.keys[1].id, enabled: true, disabledReason: null },
    ]);

    expectBadInput(await updateChannel(ch.id, { removeKeyIds: c.keys.map((k) => k.id) }), 'removeKeyIds');
    const kept = await gqlOk<{ channel: ChannelRow }>(cp.server.url, `query($id: ID!) { channel(id: $id) { ${CHANNEL_FIELDS} } }`, { id: ch.id }, { session: admin });
    expect(kept.channel.keys).toHaveLength(2);

    await gqlOk(cp.server.url, 'mutation($id: ID!) { deleteChannel(id: $id) }', { id: ch.id }, { session: admin });
    const gone = await gql(cp.server.url, 'query($id: ID!) { channel(id: $id) { id } }', { id: ch.id }, { session: admin });
    expect(gone.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const rows = await cp.services.deps.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from channel_key where channel_id = ?', [ch.id]);
    expect(rows[0].n).toBe(0);
  });

  test('a demo channel needs no key nor base URL and is marked', async () => {
    const r = await createChannel({ name: 'demo-2', kind: 'Demo', models: [{ model: 'demo-chat' }], groups: [{ group: 'gamma' }] });
    expect(r.errors).toBeUndefined();
    expect(r.data?.createChannel).toMatchObject({ isDemo: true, kind: 'Demo', keys: [], baseUrl: '' });
  });

  test('only administrators see or change channels', async () => {
    expect((await gql(cp.server.url, '{ channels { id } }', {}, { session: user })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await gql(cp.server.url, '{ channels { id } }')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const r = await createChannel({ name: 'sneaky', kind: 'OpenAI', baseUrl: 'https://x.example', keys: [KEY_A] }, user);
    expect(r.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const rows = await cp.services.deps.orm.em.fork().getConnection().execute<{ n: number }[]>(`select count(*)::int as n from channel where name = 'sneaky'`);
    expect(rows[0].n).toBe(0);
  });

  test('bad channel input is refused naming the field, and nothing is written', async () => {
    const base = { name: 'bad-ch', kind: 'OpenAI', baseUrl: 'https://api.example', keys: [KEY_A] };
    expectBadInput(await createChannel({ ...base, baseUrl: 'ftp://api.example' }), 'baseUrl');
    expectBadInput(await createChannel({ ...base, baseUrl: 'not a url' }), 'baseUrl');
    expectBadInput(await createChannel({ ...base, baseUrl: 'https://user:pw@api.example' }), 'baseUrl');
    expectBadInput(await createChannel({ ...base, baseUrl: null }), 'baseUrl');
    expectBadInput(await createChannel({ ...base, keys: [] }), 'keys');
    expectBadInput(await createChannel({ ...base, keys: ['has space'] }), 'keys');
    expectBadInput(await createChannel({ name: 'bad-demo', kind: 'Demo', keys: [KEY_A] }), 'keys');
    expectBadInput(await createChannel({ ...base, groups: [{ group: 'no_such_group' }] }), 'groups');
    expectBadInput(await createChannel({ ...base, groups: [{ group: 'gamma' }, { group: 'gamma' }] }), 'groups');
    expectBadInput(await createChannel({ ...base, models: [{ model: 'm' }, { model: 'm' }] }), 'models');
    expectBadInput(await createChannel({ ...base, kind: 'AzureOpenAI' }), 'azureApiVersion');
    expectBadInput(await createChannel({ ...base, azureApiVersion: '2024-10-21' }), 'azureApiVersion');
    expectBadInput(await createChannel({ ...base, connectTimeoutMs: 0 }), 'connectTimeoutMs');
    expectBadInput(await createChannel({ ...base, firstByteTimeoutMs: 700000 }), 'firstByteTimeoutMs');
    expectBadInput(await createChannel({ ...base, name: 'demo' }), 'name');
    const rows = await cp.services.deps.orm.em.fork().getConnection().execute<{ n: number }[]>(`select count(*)::int as n from channel where name like 'bad-%'`);
    expect(rows[0].n).toBe(0);
  });

  test('an Azure channel keeps its api-version and deployment', async () => {
    const r = await createChannel({
      name: 'azure-1',
      kind: 'AzureOpenAI',
      baseUrl: 'https://res.openai.azure.example',
      keys: [KEY_A],
      azureApiVersion: '2024-10-21',
      azureDeployment: 'gpt4o-prod',
      groups: [{ group: 'az' }],
    });
    expect(r.errors).toBeUndefined();
    expect(r.data?.createChannel).toMatchObject({ kind: 'AzureOpenAI', azureApiVersion: '2024-10-21', azureDeployment: 'gpt4o-prod' });
  });
});
