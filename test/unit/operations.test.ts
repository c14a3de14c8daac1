/**
 * The pure parts of metrics and logs: redaction by path, per-request child loggers, the metrics
 * endpoint's bearer check, how attempts count as retries and failovers, how GraphQL operations are
 * named, and the operators' settings.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { parse, getOperationAST } from 'graphql';
import { createLogger, setLogDestination } from '../../shared/log.js';
import { restoreTestLogs } from '../support/quiet-logs.js';
import { createRegistry, metricsEndpoint } from '../../shared/metrics/registry.js';
import { readEnv } from '../../shared/config/env.js';
import { operationsEnv } from '../../shared/config/operations.js';
import { DataPlaneMetrics } from '../../data-plane/metrics/data-plane-metrics.js';
import type { AttemptRecord } from '../../data-plane/relay/outcome.js';
import { operationLabel, outcomeOf } from '../../control-plane/metrics/control-plane-metrics.js';

describe('logs', () => {
  const lines: string[] = [];
  beforeAll(() => setLogDestination({ write: (line: string) => void lines.push(line) }, 'info'));
  afterAll(() => restoreTestLogs());
  beforeEach(() => lines.splice(0));
  const last = () => JSON.parse(lines[lines.length - 1]) as Record<string, unknown>;

  test('fields naming keys, passwords, codes and session tokens are redacted, at the top and one object deep; the rest is kept', () => {
    createLogger('unit').info('with secrets', {
      key: 'sk-abc',
      password: 'hunter2',
      emailCode: '123456',
      token: 'ses_secret',
      input: { newPassword: 'p2', captchaAnswer: 'Kx7pQ', name: 'kept' },
      headers: { authorization: 'Bearer sk-abc', 'x-api-key': 'sk-abc', 'x-goog-api-key': 'AIza', 'content-type': 'application/json' },
      tokenId: 'tok-1',
    });
    expect(last()).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      component: 'unit',
      msg: 'with secrets',
      key: '[redacted]',
      password: '[redacted]',
      emailCode: '[redacted]',
      token: '[redacted]',
      input: { newPassword: '[redacted]', captchaAnswer: '[redacted]', name: 'kept' },
      headers: { authorization: '[redacted]', 'x-api-key': '[redacted]', 'x-goog-api-key': '[redacted]', 'content-type': 'application/json' },
      tokenId: 'tok-1',
    });
  });

  test('a child logger carries its bindings on every line; levels below the threshold are not written', () => {
    const request = createLogger('data-plane').child({ requestId: 'req_123' });
    request.debug('not at info');
    request.warn('slow upstream', { ms: 12 });
    expect(lines).toHaveLength(1);
    expect(last()).toMatchObject({ level: 'warn', component: 'data-plane', requestId: 'req_123', msg: 'slow upstream', ms: 12 });
  });
});

describe('GET /metrics', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    const registry = createRegistry('unit');
    const app = new Koa();
    app.use(metricsEndpoint(registry, 'a-token-of-sixteen-chars'));
    app.use((ctx) => void (ctx.body = 'next'));
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('answers only the bearer token when one is set, in the Prometheus text format', async () => {
    const none = await fetch(`${base}/metrics`);
    expect([none.status, none.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="metrics"']);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer a-token-of-sixteen-charX' } })).status).toBe(401);
    const ok = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer a-token-of-sixteen-chars' } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toMatch(/^process_cpu_user_seconds_total\{plane="unit"\} /m);
  });

  test('other paths go on to the next middleware', async () => {
    expect(await (await fetch(`${base}/other`)).text()).toBe('next');
  });
});

describe('data-plane attempts', () => {
  const attempt = (channelId: string, group: string, result: AttemptRecord['result'] = 'ok', status?: number): AttemptRecord => ({ group, channelId, kind: 'openai', result, status });
  const read = async (metrics: DataPlaneMetrics, name: string) => (await metrics.registry.getSingleMetric(name)!.get()).values.map((v) => [v.labels, v.value]);

  test("a request's later attempts count as retries; on another channel or group, as failovers of that scope", async () => {
    const metrics = new DataPlaneMetrics(() => null);
    const request = {};
    metrics.attempt(attempt('a', 'g1', 'status', 503), request);
    metrics.attempt(attempt('a', 'g1', 'status', 401), request); // the next key of the same channel
    metrics.attempt(attempt('b', 'g1', 'timeout'), request);
    metrics.attempt(attempt('c', 'g2'), request);
    metrics.attempt(attempt('d', 'g3', 'status', 400), {}); // another request's first
    expect(await read(metrics, 'meridian_upstream_retries_total')).toEqual([[{}, 3]]);
    expect(await read(metrics, 'meridian_failovers_total')).toEqual([
      [{ scope: 'channel' }, 1],
      [{ scope: 'group' }, 1],
    ]);
    // A 400 is the client's mistake passed through: not the channel's failure.
    expect(await read(metrics, 'meridian_upstream_failures_total')).toEqual([
      [{ channel_kind: 'openai', kind: 'upstream_5xx' }, 1],
      [{ channel_kind: 'openai', kind: 'upstream_4xx' }, 1],
      [{ channel_kind: 'openai', kind: 'timeout' }, 1],
    ]);
  });

  test('rate-limit refusals keep only the kind of scope, never a token id or group name', async () => {
    const metrics = new DataPlaneMetrics(() => null);
    metrics.rateLimitRefused('token:tok-secret-id', 'requests');
    metrics.rateLimitRefused('group:vip', 'tokens');
    metrics.rateLimitRefused('account', 'concurrency');
    expect(await read(metrics, 'meridian_rate_limit_refusals_total')).toEqual([
      [{ scope: 'token', limit: 'requests' }, 1],
      [{ scope: 'group', limit: 'tokens' }, 1],
      [{ scope: 'account', limit: 'concurrency' }, 1],
    ]);
  });
});

describe('GraphQL operation labels', () => {
  test('an operation is named by its first root field, never by the name the client gave it', () => {
    const document = parse('query ClientChosenName { a: me { id } myTokens { id } }');
    expect(operationLabel(getOperationAST(document))).toEqual({ operation: 'me', type: 'query' });
    expect(operationLabel(undefined)).toEqual({ operation: 'unknown', type: 'unknown' });
  });

  test('the outcome is ok or the first error code; anything else is an internal error', () => {
    expect(outcomeOf(undefined)).toBe('ok');
    expect(outcomeOf([{ message: 'x', extensions: { code: 'BAD_USER_INPUT' } }])).toBe('BAD_USER_INPUT');
    expect(outcomeOf([{ message: 'x', extensions: { code: 'free text from somewhere' } }])).toBe('INTERNAL_SERVER_ERROR');
    expect(outcomeOf([new Error('boom')])).toBe('INTERNAL_SERVER_ERROR');
  });
});

describe('settings', () => {
  const read = (env: Record<string, string>) => {
    return readEnv(env, { settings: operationsEnv }).settings;
  };

  test('METRICS_TOKEN is optional, and when set at least 16 visible characters', () => {
    expect(read({})).toEqual({ metricsToken: undefined });
    expect(read({ METRICS_TOKEN: 'a-token-of-sixteen-chars' })).toEqual({ metricsToken: 'a-token-of-sixteen-chars' });
    expect(() => read({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  test('LOG_LEVEL must name a level', () => {
    expect(() => read({ LOG_LEVEL: 'warn' })).not.toThrow();
    expect(() => read({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL: must be one of debug, info, warn, error, silent/);
  });
});
