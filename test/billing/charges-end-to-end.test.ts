/**
 * What a request is charged, end to end: real requests in every client format through a metered
 * data plane to each upstream kind (pass-through and translated, streamed and not), on groups with
 * the multipliers the service sells (x4.5, x2.2, x0.35, x0.1, and per-request billing), on models
 * with multipliers of their own, with cache reads, cache writes and reasoning tokens. Each charge
 * is compared with one computed here from the published rule, independently of the pricing code:
 * official USD price x group multiplier x model multiplier x exchange rate, rounded once (half up)
 * to micro-RMB. The ledger must then hold exactly the sum.
 */
import { LedgerKind } from '../../control-plane/ledger/ledger-entry.entity.js';
import { USAGE_CONSUMER_GROUP } from '../../control-plane/usage/usage.consumer.js';
import { Metering } from '../../data-plane/billing/metering.js';
import { redisPorts } from '../../shared/ports/factory.js';
import type { Ports } from '../../shared/ports/ports.js';
import type { ChannelKind, SnapshotContent } from '../../shared/snapshot/types.js';
import { SNAPSHOT_SCHEMA_VERSION } from '../../shared/snapshot/types.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { TEST_REDIS_URL } from '../support/database.js';
import { keyOf, testChannel, testGroup, testModel } from '../support/relay-catalog.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { seedAccount } from '../support/seeded-accounts.js';

const RATE = '7.1234';

/** The models, one per upstream kind, with official prices (USD per million tokens) and a model multiplier. */
const MODELS = {
  'm-claude': { kind: 'anthropic', multiplier: '1.2', prices: { input: '3', output: '15', cacheRead: '0.3', cacheWrite5m: '3.75', perRequest: '0.02' } },
  'm-gpt': { kind: 'openai', multiplier: '0.8', prices: { input: '1.25', output: '10', cacheRead: '0.125', perRequest: '0.01' } },
  'm-gemini': { kind: 'gemini', multiplier: '1.5', prices: { input: '0.3', output: '2.5', cacheRead: '0.075', perRequest: '0.005' } },
} as const satisfies Record<string, { kind: ChannelKind; multiplier: string; prices: Record<string, string> }>;
type ModelId = keyof typeof MODELS;

/** Groups as sold: production coding x4.5, cost-effective x2.2, open-source x0.35, chat x0.1, and one billed per request. */
const GROUPS = { prod: { multiplier: '4.5', billing: 'tokens' }, coding: { multiplier: '2.2', billing: 'tokens' }, oss: { multiplier: '0.35', billing: 'tokens' }, chat: { multiplier: '0.1', billing: 'tokens' }, flat: { multiplier: '0.5', billing: 'per-request' } } as const;
type GroupName = keyof typeof GROUPS;

/**
 * What the fake upstream reports for every answer: 1,234 uncached input tokens, 567 read from the
 * cache, 89 written to it, 432 visible output tokens and 21 of reasoning.
 */
const USAGE = { input: 1234, cacheRead: 567, cacheWrite: 89, output: 432, reasoning: 21 };

/**
 * The billable counts as each provider documents its usage: OpenAI and Gemini report the prompt
 * with the cached tokens inside it and no cache writes (so written tokens are plain input to them);
 * Anthropic reports input, cache reads and cache writes apart. Reasoning is billed as output everywhere.
 */
function billable(kind: ChannelKind): Record<'input' | 'cacheRead' | 'cacheWrite5m' | 'output', number> {
  const output = USAGE.output + USAGE.reasoning;
  if (kind === 'anthropic') return { input: USAGE.input, cacheRead: USAGE.cacheRead, cacheWrite5m: USAGE.cacheWrite, output };
  return { input: USAGE.input + USAGE.cacheWrite, cacheRead: USAGE.cacheRead, cacheWrite5m: 0, output };
}

/** An exact fraction. */
type Fraction = { n: bigint; d: bigint };
const frac = (decimal: string): Fraction => {
  const [int, dec = ''] = decimal.split('.');
  return { n: BigInt(int + dec), d: 10n ** BigInt(dec.length) };
};
const mul = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.n, d: a.d * b.d });
const add = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const roundHalfUp = (f: Fraction): bigint => (2n * f.n + f.d) / (2n * f.d);

/** The charge in micro-RMB by the published rule, rounded once. */
function expectedChargeMicro(model: ModelId, group: GroupName): bigint {
  const { kind, multiplier, prices } = MODELS[model];
  const rates = mul(mul(frac(GROUPS[group].multiplier), frac(multiplier)), frac(RATE));
  if (GROUPS[group].billing === 'per-request') return roundHalfUp(mul(mul(frac(prices.perRequest), rates), frac('1000000')));
  // A price is USD per million tokens and a charge is in millionths of an RMB: the millions cancel.
  const counts = billable(kind);
  let usd: Fraction = { n: 0n, d: 1n };
  for (const [usage, count] of Object.entries(counts)) {
    const price = (prices as Record<string, string>)[usage];
    if (count > 0 && price) usd = add(usd, mul(frac(String(count)), frac(price)));
  }
  return roundHalfUp(mul(usd, rates));
}

function catalog(upstreamUrl: string): SnapshotContent {
  const models = Object.entries(MODELS).map(([id, m]) => testModel(id, { prices: m.prices, multiplier: m.multiplier }));
  const channels = Object.entries(MODELS).map(([id, m]) => testChannel(`ch-${m.kind}`, m.kind, upstreamUrl, [{ model: id, upstream: `up-${id}` }], { timeouts: { connectMs: 5000, firstByteMs: 30_000, totalMs: 60_000 } }));
  return {
    schemaVersion: SNAPSHOT_SCHEMA_VERSION,
    groups: Object.entries(GROUPS).map(([name, g]) => testGroup(name, { multiplier: g.multiplier, billing: g.billing })),
    channels,
    memberships: Object.keys(GROUPS).flatMap((group) => channels.map((c) => ({ group, channelId: c.id, priority: 0, weight: 1 }))),
    models,
    exchangeRate: RATE,
    settings: {},
  };
}

/** One request in `format`, streamed or not, for `model`; resolves once the answer was read whole. */
async function call(url: string, key: string, format: string, model: string, stream: boolean): Promise<number> {
  const text = 'What does the cache hold?';
  const requests: Record<string, { path: string; headers: Record<string, string>; body: Record<string, unknown> }> = {
    'chat-completions': { path: '/v1/chat/completions', headers: { authorization: `Bearer ${key}` }, body: { model, stream, max_tokens: 800, messages: [{ role: 'user', content: text }] } },
    responses: { path: '/v1/responses', headers: { authorization: `Bearer ${key}` }, body: { model, stream, max_output_tokens: 800, input: text } },
    messages: { path: '/v1/messages', headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' }, body: { model, stream, max_tokens: 800, messages: [{ role: 'user', content: text }] } },
    generateContent: {
      path: `/v1beta/models/${model}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
      headers: { 'x-goog-api-key': key },
      body: { contents: [{ role: 'user', parts: [{ text }] }], generationConfig: { maxOutputTokens: 800 } },
    },
  };
  const r = requests[format];
  const res = await fetch(`${url}${r.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...r.headers }, body: JSON.stringify(r.body) });
  await res.text();
  return res.status;
}

let cp: TestControlPlane;
let bed: RelayBed;
let billing: Ports;
let metering: Metering;

beforeAll(async () => {
  // Usage is consumed by hand (drain), so the test reads the charged events before the ledger takes them.
  cp = await startTestControlPlane({ overrides: { consumeUsage: false } });
  billing = redisPorts(TEST_REDIS_URL, cp.redisPrefix);
  metering = new Metering({ balances: billing.balances, usage: billing.usage, node: 'charges-test' });
  bed = await startRelayBed(catalog, { pipeline: { meter: (ctx, next) => metering.middleware(ctx, next) } });
  for (const m of Object.values(MODELS)) bed.upstream.setDefault(keyOf(`ch-${m.kind}`), { kind: 'reply', reply: { text: 'The cache holds the prompt.', toolCalls: [], usage: USAGE } });
});
afterAll(async () => {
  await bed?.stop();
  await metering?.close();
  await billing?.close();
  await cp?.stop();
});

const FORMATS = ['chat-completions', 'responses', 'messages', 'generateContent'] as const;

describe.each(Object.keys(GROUPS) as GroupName[])('group %s', (group) => {
  test(`every client format, to every upstream kind, streamed or not, is charged by the published rule (x${GROUPS[group].multiplier}, ${GROUPS[group].billing})`, async () => {
    const { account } = await seedAccount(cp.services);
    await cp.services.ledger.credit(cp.services.deps.orm.em.fork(), { accountId: account.id, kind: LedgerKind.TopUp, amountMicro: 1_000_000_000n, idempotencyKey: `fund:${account.id}` });
    await cp.services.billing.hot.ensureLoaded(account.id);
    const key = await bed.token({ accountId: account.id, tokenId: crypto.randomUUID(), groups: [group] });

    const expected: { format: string; model: ModelId; stream: boolean; chargeMicro: string }[] = [];
    for (const format of FORMATS) {
      for (const model of Object.keys(MODELS) as ModelId[]) {
        for (const stream of [false, true]) {
          expect([format, model, stream, await call(bed.url, key, format, model, stream)]).toEqual([format, model, stream, 200]);
          expected.push({ format, model, stream, chargeMicro: String(expectedChargeMicro(model, group)) });
        }
      }
    }

    await metering.idle();
    const events = (await billing.usage.unconsumed(USAGE_CONSUMER_GROUP)).map((q) => q.event).filter((e) => e.accountId === account.id);
    expect(events.map((e) => ({ format: e.formatIn, model: e.model as ModelId, stream: e.stream, chargeMicro: e.chargeMicro }))).toEqual(expected);

    // The ledger holds exactly what was charged, once.
    await cp.services.billing.consumer.drain();
    const total = expected.reduce((sum, e) => sum + BigInt(e.chargeMicro), 0n);
    expect(await cp.services.ledger.balanceMicro(account.id)).toBe(1_000_000_000n - total);
  });
});

test('the expected charges differ between groups and models: a multiplier left out would show', () => {
  const all = (Object.keys(GROUPS) as GroupName[]).flatMap((g) => (Object.keys(MODELS) as ModelId[]).map((m) => expectedChargeMicro(m, g)));
  expect(new Set(all).size).toBe(all.length);
  // One worked example by hand: Claude on x4.5: (1234 x 3 + 567 x 0.3 + 89 x 3.75 + 453 x 15) x 4.5 x 1.2 x 7.1234
  // = 11000.85 x 38.46636 = 423,162.66 -> 423,163 micro-RMB.
  expect(expectedChargeMicro('m-claude', 'prod')).toBe(423_163n);
});
