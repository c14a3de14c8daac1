/**
 * Metering's work measured alone, in this process, on the rig's canned answers as its upstream
 * sends them (what bench/billing.ts prints after the data plane runs): its CPU time per answer or
 * request, beside which the data plane's own "metering" figure shows how much more the same work
 * costs inside a busy data plane.
 */
import type Koa from 'koa';
import { Metering } from '../../data-plane/billing/metering.js';
import { UsageTap } from '../../data-plane/billing/usage-tap.js';
import type { AnswerObserver } from '../../data-plane/relay/stream.js';
import { SseReader, type SseEvent } from '../../shared/wire/sse/read.js';
import { compileSnapshot } from '../../shared/snapshot/compile.js';
import type { MeterState } from '../../data-plane/pipeline/state.js';
import { redisPorts } from '../../shared/ports/factory.js';
import { sealSnapshot } from '../../shared/snapshot/hash.js';
import { TEST_REDIS_URL, testRedisPrefix } from '../../test/support/database.js';
import { dropKeys } from '../../test/support/redis-keys.js';
import { testBox } from '../../test/support/snapshot.js';
import { benchCatalog, label, requestFor, type Scenario } from '../relay/setup.js';

/** Answers read by the usage tap alone. */
const TAP_RUNS = 20_000;
/** Requests through the metering stage alone, and how many at a time (as the data plane's rounds). */
const METERED_RUNS = 30_000;
const METERED_CONCURRENCY = 32;

/**
 * The rig upstream's answer to `scenario`, as the relay hands it to metering: the body parsed, or
 * the stream's events as its reader read them.
 */
async function cannedAnswer(upstreamUrl: string, scenario: Scenario): Promise<unknown[]> {
  const request = requestFor(scenario, 'upstream');
  // As the relay asks a chat upstream for a stream: with the usage chunk.
  const body = { ...(JSON.parse(String(request.body)) as object), ...(scenario.stream ? { stream_options: { include_usage: true } } : {}) };
  const res = await fetch(`${upstreamUrl}${request.path}`, { method: request.method, headers: request.headers as Record<string, string>, body: JSON.stringify(body) });
  const answer = Buffer.from(await res.arrayBuffer());
  if (!scenario.stream) return [JSON.parse(answer.toString('utf8'))];
  const reader = new SseReader();
  return [...reader.push(answer), ...reader.end()];
}

/** Feeds a tap the answer as the relay does: a stream event by event, a JSON answer whole. */
function feed(tap: AnswerObserver, scenario: Scenario, answer: unknown[]): void {
  for (const item of answer) {
    if (scenario.stream) tap.event(item as SseEvent);
    else tap.body(item);
  }
}

/** µs of this process's CPU time per call of `fn` (after a tenth as many warm-up calls), `settle` included once at the end. */
async function cpuPerCall(runs: number, fn: () => unknown, settle: () => Promise<void> = async () => undefined): Promise<number> {
  for (let i = 0; i < runs / 10; i++) await fn();
  await settle();
  const started = process.cpuUsage();
  for (let i = 0; i < runs; i++) await fn();
  await settle();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / runs;
}

/** The usage tap alone: what metering reads of an answer. */
async function tapCost(scenario: Scenario, answer: unknown[]): Promise<string> {
  const read = () => {
    const tap = new UsageTap('chat-completions');
    feed(tap, scenario, answer);
    return tap.result();
  };
  if (!read().rawUsage) throw new Error(`the tap found no usage in the ${label(scenario)} answer`);
  return `usage tap alone, ${label(scenario)} (${answer.length} ${scenario.stream ? 'events' : 'answer'}, read and parsed before): ${(await cpuPerCall(TAP_RUNS, read)).toFixed(1)} µs per answer`;
}

/**
 * The whole metering stage alone: reservation from the balance lease, the tap, the settlement, the
 * usage event, and the lease charges and events sent to Redis (waited for at the end), around a
 * stand-in for the relay that hands the tap the canned answer, with the bench catalog's model and
 * group and a large hot balance, as the data plane's metered rounds have.
 */
async function meteringCost(upstreamUrl: string, scenario: Scenario, answer: unknown[]): Promise<string> {
  const prefix = testRedisPrefix();
  const ports = redisPorts(TEST_REDIS_URL, prefix);
  const metering = new Metering({ balances: ports.balances, usage: ports.usage, node: 'bench' });
  try {
    const runtime = compileSnapshot(sealSnapshot(benchCatalog(upstreamUrl), 1, new Date()), testBox);
    const model = runtime.models.get('m-pass');
    if (!model) throw new Error('the bench catalog has no m-pass');
    const token = { tokenId: 'bench-token', accountId: 'bench-account', name: 'bench', status: 'active' as const, expiresAt: null, groups: model.routes.map((r) => r.group.name), modelAllowList: null, spendCapMicro: null };
    await ports.balances.load(token.accountId, 10n ** 15n, new Map());
    const rawBody = Buffer.from(String(requestFor(scenario, 'client', { key: 'unused' }).body));
    const body = JSON.parse(rawBody.toString()) as Record<string, unknown>;
    const served = { group: model.routes[0].group.name, channelId: 'pass', kind: 'openai' as const, upstreamFormat: 'chat-completions' as const, result: 'ok' as const };
    let sequence = 0;
    const request = (): Promise<void> => {
      const state: MeterState = { requestId: `req_bench${sequence++}`, format: 'chat-completions', runtime, rawBody, body, token, model, stream: scenario.stream, candidates: model.routes };
      const ctx = { state, status: 200 } as Koa.ParameterizedContext<MeterState>;
      const relay = () => {
        feed(state.observe!('chat-completions'), scenario, answer);
        state.relay = { attempts: [served], skipped: [], served, committed: true, completed: true };
        return Promise.resolve();
      };
      return metering.middleware(ctx, relay) as Promise<void>;
    };
    // A batch at a time, then the rest of the event-loop turn (where the data plane's timers and Redis replies run).
    const batch = async () => {
      await Promise.all(Array.from({ length: METERED_CONCURRENCY }, request));
      await new Promise((resolve) => setImmediate(resolve));
    };
    const batches = METERED_RUNS / METERED_CONCURRENCY;
    const perRequest = (await cpuPerCall(batches, batch, () => metering.idle())) / METERED_CONCURRENCY;
    return `metering stage alone, ${label(scenario)} (${METERED_CONCURRENCY} at a time, Redis writes included): ${perRequest.toFixed(1)} µs per request`;
  } finally {
    await metering.close();
    await dropKeys(prefix);
    await ports.close();
  }
}

/** Prints the tap's and the whole metering stage's CPU time alone, for each scenario. */
export async function printMeteringAlone(upstreamUrl: string, scenarios: readonly Scenario[]): Promise<void> {
  for (const scenario of scenarios) {
    const answer = await cannedAnswer(upstreamUrl, scenario);
    console.log(await tapCost(scenario, answer));
    console.log(await meteringCost(upstreamUrl, scenario, answer));
  }
}
