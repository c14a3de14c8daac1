/**
 * Operations, end to end: a control plane and a data plane on Redis and PostgreSQL, an account
 * registered with a mailed code and a password, tokens, SDK traffic (answers, a stream, an upstream
 * failure, a rate-limit refusal), then both planes' GET /metrics scraped, parsed with a Prometheus
 * text parser and checked against what the traffic was; and every log line of the run read back:
 * JSON, the request's id on its lines, and no key, password, code or session token anywhere.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { setLogDestination } from '../../shared/log.js';
import { restoreTestLogs } from '../support/quiet-logs.js';
import type { DataPlane } from '../../data-plane/bootstrap.js';
import { FakeUpstream } from '../fakes/upstream.js';
import { TEST_CAPTCHA_ANSWER, TEST_PASSWORD, loginSession, registerAccount } from '../support/accounts.js';
import { TEST_ADMIN, TEST_SECRET_KEY, startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { startTestDataPlane, tempDataDir } from '../support/data-plane.js';
import { eventually } from '../support/eventually.js';
import { FAULT_GROUP, FAULT_MODELS, UPSTREAM_KEYS, setUpFaultCatalog } from '../support/fault-catalog.js';
import { gql, gqlOk } from '../support/graphql.js';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

/** Every log line written during the run. */
const lines: string[] = [];
let smtp: TestSmtpServer;
let cp: TestControlPlane;
let upstream: FakeUpstream;
let dp: DataPlane;
let dir: Awaited<ReturnType<typeof tempDataDir>>;
let url: string;
/** Everything secret the run used, none of which may reach a log line. */
const secrets: Record<string, string> = { password: TEST_PASSWORD, adminPassword: TEST_ADMIN.password, metricsToken: METRICS_TOKEN, secretKey: TEST_SECRET_KEY, ...UPSTREAM_KEYS };
let key: string;
let limitedKey: string;
let session: string;
let accountId: string;

type Family = { name: string; type: string; metrics: { value?: string; labels?: Record<string, string> }[] };

/**
 * Scrapes `base`/metrics with the token and parses it. The parser folds the labelled samples of a
 * histogram into one, so histograms are read as their plain `_count`, `_sum` and `_bucket` series.
 */
async function scrape(base: string): Promise<Family[]> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusTextFormat((await res.text()).replace(/^# TYPE \S+ histogram\n/gm, '')) as Family[];
}

/** The sum of the samples of `name` whose labels include `labels`; undefined when the series is absent. */
function value(families: Family[], name: string, labels: Record<string, string> = {}): number | undefined {
  // A histogram's series come interleaved (each label set's buckets, sum, count): one family per run of lines.
  const named = families.filter((f) => f.name === name);
  if (named.length === 0) return undefined;
  const matching = named.flatMap((f) => f.metrics).filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return matching.reduce((sum, m) => sum + Number(m.value), 0);
}

const adminGql = async <T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>) =>
  gqlOk<T>(url, query, variables, { session: await loginSession(url, TEST_ADMIN.username, TEST_ADMIN.password) });

beforeAll(async () => {
  setLogDestination({ write: (line: string) => void lines.push(line) }, 'info');
  smtp = await startTestSmtpServer();
  // Usage is ledgered by hand (drain), so the consumer's lag can be seen before and after.
  cp = await startTestControlPlane({
    env: { SMTP_URL: smtp.url, METRICS_TOKEN },
    overrides: { captchaAnswer: () => TEST_CAPTCHA_ANSWER, consumeUsage: false },
  });
  url = cp.server.url;
  upstream = await FakeUpstream.start();
  await setUpFaultCatalog(adminGql, upstream);

  const account = await registerAccount(url, smtp, { username: 'metrics1', email: 'metrics1@example.com' });
  accountId = account.id;
  secrets.emailCode = /\b(\d{6})\b/.exec(smtp.lastTo('metrics1@example.com')!.text)![1];
  session = secrets.session = await loginSession(url, 'metrics1');
  const token = async (limits: Record<string, number> | null) => {
    const made = await gqlOk<{ createToken: { id: string } }>(url, 'mutation($i: CreateTokenInput!) { createToken(input: $i) { id } }', { i: { name: 'ops', groups: [FAULT_GROUP], limits } }, { session });
    return (await gqlOk<{ tokenKey: string }>(url, 'query($id: ID!) { tokenKey(id: $id) }', { id: made.createToken.id }, { session })).tokenKey;
  };
  key = secrets.key = await token(null);
  limitedKey = secrets.limitedKey = await token({ rpm: 1 });
  await adminGql('mutation($id: ID!) { adjustBalance(accountId: $id, amountRmb: "100", reason: "metrics test", idempotencyKey: "fund-metrics") { balanceMicro } }', { id: account.id });

  dir = await tempDataDir();
  dp = await startTestDataPlane({ nodeName: 'metrics', redisPrefix: cp.redisPrefix, dataDir: dir.path, env: { METRICS_TOKEN, BREAKER_FAILURES: '1', BREAKER_OPEN_MS: '600000' } });
  // The catalog above reaches the data plane by its snapshot.
  await eventually(async () => dp.runtime()?.models.has(FAULT_MODELS.chat) ?? false, 'the fault catalog reaches the data plane');
}, 60_000);

afterAll(async () => {
  await dp?.close();
  await cp?.stop();
  await upstream?.close();
  await smtp?.close();
  await dir?.remove();
  restoreTestLogs();
});

test('SDK traffic moves the data plane series: requests, failures, retries, rate limits, latency, usage events', async () => {
  const openai = new OpenAI({ apiKey: key, baseURL: `${dp.url}/v1`, maxRetries: 0 });
  const claude = new Anthropic({ apiKey: key, baseURL: dp.url, maxRetries: 0 });
  const ask = { model: FAULT_MODELS.chat, max_tokens: 32, messages: [{ role: 'user' as const, content: 'hi' }] };

  const { response } = await openai.chat.completions.create(ask).withResponse();
  const requestId = response.headers.get('x-request-id')!;
  await openai.chat.completions.create(ask);
  for await (const chunk of await openai.chat.completions.create({ ...ask, stream: true })) void chunk;
  await claude.messages.create({ model: FAULT_MODELS.claude, max_tokens: 32, messages: [{ role: 'user', content: 'hi' }] });
  // One upstream failure (a 500: the only channel of the model, so the client gets a 5xx), which opens its breaker.
  upstream.script(UPSTREAM_KEYS.claude, { kind: 'error', status: 500, message: 'upstream broke' });
  await expect(claude.messages.create({ model: FAULT_MODELS.claude, max_tokens: 32, messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: expect.any(Number) });
  // One request per minute on this key: the second is refused.
  const limited = new OpenAI({ apiKey: limitedKey, baseURL: `${dp.url}/v1`, maxRetries: 0 });
  await limited.chat.completions.create(ask);
  await expect(limited.chat.completions.create(ask)).rejects.toMatchObject({ status: 429 });

  expect((await fetch(`${dp.url}/metrics`)).status).toBe(401);
  expect((await fetch(`${dp.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);

  const ok = { group: FAULT_GROUP, status_class: '2xx' };
  const m = await eventually(async () => {
    const scraped = await scrape(dp.url);
    // Usage events are sent a few milliseconds after the answers.
    const sent = value(scraped, 'meridian_usage_events_sent_total')!;
    return sent >= 5 && sent === value(scraped, 'meridian_usage_events_queued_total') ? scraped : false;
  }, 'usage events sent');
  expect(value(m, 'meridian_requests_total', { ...ok, format: 'chat-completions', channel_kind: 'openai', stream: 'false' })).toBe(3);
  expect(value(m, 'meridian_requests_total', { ...ok, format: 'chat-completions', channel_kind: 'openai', stream: 'true' })).toBe(1);
  expect(value(m, 'meridian_requests_total', { ...ok, format: 'messages', channel_kind: 'anthropic', stream: 'false' })).toBe(1);
  expect(value(m, 'meridian_requests_total', { status_class: '5xx', format: 'messages' })).toBe(1);
  expect(value(m, 'meridian_requests_total', { status_class: '4xx', format: 'chat-completions' })).toBe(1);
  expect(value(m, 'meridian_requests_total')).toBe(7);
  expect(value(m, 'meridian_rate_limit_refusals_total', { scope: 'token', limit: 'requests' })).toBe(1);
  expect(value(m, 'meridian_upstream_attempts_total', { channel_kind: 'openai', result: 'ok' })).toBe(4);
  expect(value(m, 'meridian_upstream_attempts_total', { channel_kind: 'anthropic', result: 'ok' })).toBe(1);
  expect(value(m, 'meridian_upstream_attempts_total', { channel_kind: 'anthropic', result: 'status' })).toBe(1);
  expect(value(m, 'meridian_upstream_attempts_total')).toBe(6);
  expect(value(m, 'meridian_upstream_failures_total', { channel_kind: 'anthropic', kind: 'upstream_5xx' })).toBe(1);
  expect(value(m, 'meridian_upstream_failures_total')).toBe(1);
  expect(value(m, 'meridian_circuit_breakers', { state: 'open' })).toBe(1);
  // Prompt tokens and cache reads per serving channel (the cache-read share is their ratio).
  const promptTokens = value(m, 'meridian_prompt_tokens_total')!;
  expect(promptTokens).toBeGreaterThan(0);
  expect(value(m, 'meridian_cache_read_tokens_total')).toBeLessThanOrEqual(promptTokens);
  expect(value(m, 'meridian_upstream_retries_total')).toBe(0);
  expect(value(m, 'meridian_request_duration_seconds_count')).toBe(7);
  expect(value(m, 'meridian_time_to_first_byte_seconds_count', { stream: 'true' })).toBe(1);
  expect(value(m, 'meridian_time_to_first_byte_seconds_count')).toBe(5);
  expect(value(m, 'meridian_upstream_time_to_first_byte_seconds_count')).toBeGreaterThanOrEqual(5);
  expect(value(m, 'meridian_requests_in_flight')).toBe(0);
  expect(value(m, 'meridian_open_streams')).toBe(0);
  expect(value(m, 'meridian_snapshot_revision')).toBe(dp.runtime()!.revision);
  expect(value(m, 'meridian_snapshot_age_seconds')).toBeGreaterThanOrEqual(0);
  expect(value(m, 'meridian_redis_command_duration_seconds_count')).toBeGreaterThan(0);
  expect(value(m, 'process_cpu_user_seconds_total', { plane: 'data-plane' })).toBeGreaterThan(0);
  // Label values are names of formats, groups, kinds and results: never a key or an account.
  const labelValues = m.flatMap((f) => f.metrics.flatMap((s) => Object.values(s.labels ?? {})));
  for (const secret of [key, limitedKey, session, accountId]) expect(labelValues).not.toContain(secret);
  expect(labelValues.some((v) => v.startsWith('sk-'))).toBe(false);

  // The request's own lines carry its id: its access line says how it went.
  const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(parsed.find((l) => l.requestId === requestId && l.msg === 'request')).toMatchObject({ level: 'info', component: 'data-plane', status: 200, format: 'chat-completions', group: FAULT_GROUP, channelKind: 'openai' });
});

test('the control plane counts GraphQL operations, subscriptions, and the usage consumer catching up; operations log with their request id', async () => {
  const before = await scrape(cp.server.url.replace(/\/graphql$/, ''));
  expect(value(before, 'meridian_graphql_operations_total', { operation: 'createToken', type: 'mutation', outcome: 'ok' })).toBe(2);
  expect(value(before, 'meridian_graphql_resolver_duration_seconds_count', { field: 'Mutation.createToken' })).toBe(2);
  expect(value(before, 'meridian_graphql_operations_total', { operation: 'login', outcome: 'ok' })).toBeGreaterThanOrEqual(2);
  // The usage of the answers waits in the stream: the consumer is behind.
  expect(value(before, 'meridian_usage_consumer_lag_entries')).toBeGreaterThan(0);
  expect(value(before, 'meridian_usage_consumer_lag_seconds')).toBeGreaterThanOrEqual(0);
  expect(value(before, 'meridian_group_health_state', { group: FAULT_GROUP })).toBe(1);
  expect(value(before, 'meridian_reconciliation_drifting_accounts')).toBe(0);
  expect(value(before, 'meridian_redis_command_duration_seconds_count', { plane: 'control-plane' })).toBeGreaterThan(0);

  // An HTTP operation gets a request id, sent back and carried by its log line.
  const asked = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` }, body: JSON.stringify({ query: '{ me { id } }' }) });
  expect(asked.status).toBe(200);
  const requestId = asked.headers.get('x-request-id');
  expect(requestId).toMatch(/^req_[0-9a-f]{20}$/);
  const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(parsed.find((l) => l.requestId === requestId)).toMatchObject({ level: 'info', component: 'control-plane', msg: 'graphql', operation: 'me', type: 'query', outcome: 'ok' });

  const wrong = await gql(url, 'mutation($i: LoginInput!) { login(input: $i) { token } }', { i: { login: 'metrics1', password: 'not the password' } });
  const code = String(wrong.errors![0].extensions!.code);
  // A root field no schema has is text the client wrote: counted as `unknown`, never under its name.
  const invented = await gql(url, '{ clientWrittenField12345 }', {}, { session });
  expect(invented.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');

  const ledgered = await cp.services.billing.consumer.drain();
  expect(ledgered).toBeGreaterThanOrEqual(5);

  // A subscription is open while its client listens, and closed when it goes.
  const client = createClient({ url: cp.server.wsUrl, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${session}` }, retryAttempts: 0 });
  const unsubscribe = client.subscribe({ query: 'subscription { balanceChanged { accountId } }' }, { next: () => undefined, error: () => undefined, complete: () => undefined });
  const base = cp.server.url.replace(/\/graphql$/, '');
  const during = await eventually(async () => {
    const m = await scrape(base);
    return value(m, 'meridian_graphql_subscriptions_open') === 1 ? m : false;
  }, 'the subscription counted open');
  expect(value(during, 'meridian_graphql_operations_total', { operation: 'balanceChanged', type: 'subscription', outcome: 'ok' })).toBe(1);
  expect(value(during, 'meridian_graphql_operations_total', { operation: 'login', outcome: code })).toBe(1);
  expect(value(during, 'meridian_graphql_operations_total', { operation: 'unknown', outcome: 'GRAPHQL_VALIDATION_FAILED' })).toBe(1);
  const labelValues = during.flatMap((f) => f.metrics.flatMap((s) => Object.values(s.labels ?? {})));
  expect(labelValues.filter((v) => v.includes('clientWrittenField'))).toEqual([]);
  for (const secret of [session, accountId]) expect(labelValues).not.toContain(secret);
  expect(value(during, 'meridian_usage_events_ledgered_total')).toBe(ledgered);
  expect(value(during, 'meridian_usage_consumer_lag_entries')).toBe(0);
  expect(value(during, 'meridian_usage_consumer_lag_seconds')).toBe(0);
  await eventually(async () => value(await scrape(base), 'meridian_data_planes', { status: 'ok' }) === 1, 'the data plane counted ok');
  unsubscribe();
  await client.dispose();
  await eventually(async () => value(await scrape(base), 'meridian_graphql_subscriptions_open') === 0, 'the subscription counted closed');

  // A hot balance credited behind the ledger's back drifts: the next reconciliation run reports it.
  await cp.services.deps.ports.balances.credit(accountId, 12_345n, 'metrics-drift');
  await cp.services.billing.reconciliation.run();
  const drifted = await scrape(base);
  expect(value(drifted, 'meridian_reconciliation_drifting_accounts')).toBe(1);
  expect(value(drifted, 'meridian_reconciliation_drift_micro_rmb')).toBe(12_345);
  expect((await fetch(`${base}/metrics`)).status).toBe(401);
});

test('requests in flight and event streams open to clients are counted while they last', async () => {
  const openai = new OpenAI({ apiKey: key, baseURL: `${dp.url}/v1`, maxRetries: 0 });
  const ask = { max_tokens: 32, messages: [{ role: 'user' as const, content: 'hi' }] };
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // An answer held back until the test lets it go, and a stream that sends one event, then stays silent and open.
  upstream.script(UPSTREAM_KEYS.chat, { kind: 'reply', after: held });
  upstream.script(UPSTREAM_KEYS.slowChat, { kind: 'cut', afterEvents: 1, ending: 'stall' });
  const waiting = openai.chat.completions.create({ ...ask, model: FAULT_MODELS.chat });
  const abort = new AbortController();
  const stream = await openai.chat.completions.create({ ...ask, model: FAULT_MODELS.slowChat, stream: true }, { signal: abort.signal });
  await stream[Symbol.asyncIterator]().next();

  const open = await eventually(async () => {
    const m = await scrape(dp.url);
    return value(m, 'meridian_requests_in_flight') === 2 ? m : false;
  }, 'both requests counted in flight');
  expect(value(open, 'meridian_open_streams')).toBe(1);

  abort.abort();
  release();
  await waiting;
  await eventually(async () => {
    const m = await scrape(dp.url);
    return value(m, 'meridian_requests_in_flight') === 0 && value(m, 'meridian_open_streams') === 0;
  }, 'neither counted any more');
});

test('log lines are JSON and hold none of the keys, passwords, codes and session tokens the run used', () => {
  expect(lines.length).toBeGreaterThan(10);
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  const text = lines.join('');
  for (const [what, secret] of Object.entries(secrets)) expect([what, text.includes(secret)]).toEqual([what, false]);
});
