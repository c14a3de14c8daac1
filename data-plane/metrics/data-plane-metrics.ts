/**
 * The data plane's Prometheus series (README "Metrics"). Label values come from closed sets (wire
 * formats, channel kinds, attempt results, status classes) or from names administrators give
 * (groups, channel ids); never keys, accounts, models or any text a client sent.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { createRegistry } from '../../shared/metrics/registry.js';
import { RedisCommandMetrics } from '../../shared/metrics/redis-commands.js';
import { failureKindOf } from '../../shared/wire/failure.js';
import type { AttemptRecord } from '../relay/outcome.js';
import type { RuntimeConfig } from '../../shared/snapshot/runtime-config.js';
import type { RoutingView, SkipReason } from '../routing/router.js';

/** Latency buckets (seconds) for answers that may stream for minutes. */
const LATENCY_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
/** Time-to-first-byte buckets (seconds). */
const TTFB_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** What a finished request is counted by. */
export interface RequestLabels {
  /** The client's wire format, `none` when the path named none. */
  format: string;
  /** The group that served, `none` when none did. */
  group: string;
  /** The kind of the channel that served, `none` when none did. */
  channelKind: string;
  /** The HTTP status sent. */
  status: number;
  stream: boolean;
}

/** The series of one data plane, in its own registry (see shared/metrics/registry.ts). */
export class DataPlaneMetrics {
  readonly registry: Registry;
  readonly redis: RedisCommandMetrics;
  private readonly requests: Counter<'format' | 'group' | 'channel_kind' | 'status_class' | 'stream'>;
  private readonly duration: Histogram<'format' | 'stream'>;
  private readonly firstByte: Histogram<'format' | 'stream'>;
  readonly inFlight: Gauge;
  readonly openStreams: Gauge;
  private readonly attempts: Counter<'channel_kind' | 'result'>;
  private readonly failures: Counter<'channel_kind' | 'kind'>;
  private readonly upstreamFirstByte: Histogram<'channel_kind'>;
  private readonly retries: Counter;
  private readonly failovers: Counter<'scope'>;
  private readonly rateLimited: Counter<'scope' | 'limit'>;
  private readonly usageQueued: Counter;
  private readonly usageSent: Counter;
  private readonly skips: Counter<'reason'>;
  /** The routing state of the relay pipeline, read at each scrape (see {@link watchRouting}). */
  private routing: (() => RoutingView) | undefined;
  /** The previous attempt of each request still relaying: its channel and group (retries and failovers are told from it). */
  private readonly previous = new WeakMap<object, { channelId: string; group: string }>();

  constructor(runtime: () => RuntimeConfig | null, now: () => number = Date.now) {
    const registry = (this.registry = createRegistry('data-plane'));
    const registers = [registry];
    this.requests = new Counter({
      name: 'meridian_requests_total',
      help: 'Model requests answered, by client format, serving group and channel kind, status class and stream mode',
      labelNames: ['format', 'group', 'channel_kind', 'status_class', 'stream'],
      registers,
    });
    this.duration = new Histogram({
      name: 'meridian_request_duration_seconds',
      help: 'Model requests from arrival to the end of the answer (a stream: its last byte)',
      labelNames: ['format', 'stream'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.firstByte = new Histogram({
      name: 'meridian_time_to_first_byte_seconds',
      help: 'Relayed model requests from arrival to the first byte of the answer sent to the client',
      labelNames: ['format', 'stream'],
      buckets: TTFB_BUCKETS,
      registers,
    });
    this.inFlight = new Gauge({ name: 'meridian_requests_in_flight', help: 'Model requests being served now', registers });
    this.openStreams = new Gauge({ name: 'meridian_open_streams', help: 'Event streams open to clients now', registers });
    this.attempts = new Counter({
      name: 'meridian_upstream_attempts_total',
      help: 'Upstream calls, by channel kind and result (ok, connect, timeout, status, cut, bad-response, client-gone, shutdown)',
      labelNames: ['channel_kind', 'result'],
      registers,
    });
    this.failures = new Counter({
      name: 'meridian_upstream_failures_total',
      help: "Upstream calls that failed by the channel's fault, by kind (connect, timeout, upstream_5xx, upstream_4xx, cut_stream, bad_response)",
      labelNames: ['channel_kind', 'kind'],
      registers,
    });
    this.upstreamFirstByte = new Histogram({
      name: 'meridian_upstream_time_to_first_byte_seconds',
      help: "Upstream calls from sending the request to the upstream's response headers",
      labelNames: ['channel_kind'],
      buckets: TTFB_BUCKETS,
      registers,
    });
    this.retries = new Counter({ name: 'meridian_upstream_retries_total', help: "Upstream calls after a request's first (another key, channel or group)", registers });
    this.failovers = new Counter({
      name: 'meridian_failovers_total',
      help: 'Retries on another channel of the same group (scope "channel") or on another group ("group")',
      labelNames: ['scope'],
      registers,
    });
    this.rateLimited = new Counter({
      name: 'meridian_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit, by scope (token, account, group) and limit (requests, tokens, concurrency)',
      labelNames: ['scope', 'limit'],
      registers,
    });
    this.usageQueued = new Counter({ name: 'meridian_usage_events_queued_total', help: 'Usage events made by finished requests, to be sent to Redis', registers });
    this.usageSent = new Counter({ name: 'meridian_usage_events_sent_total', help: 'Usage events Redis has taken', registers });
    new Gauge({
      name: 'meridian_snapshot_revision',
      help: 'Revision of the routing snapshot in force (0: none yet)',
      registers,
      collect() {
        this.set(runtime()?.revision ?? 0);
      },
    });
    new Gauge({
      name: 'meridian_snapshot_age_seconds',
      help: 'Time since the routing snapshot in force was published (absent until one is loaded)',
      registers,
      collect() {
        const created = runtime()?.createdAt;
        if (created) this.set(Math.max(0, (now() - Date.parse(created)) / 1000));
        else this.reset();
      },
    });
    this.skips = new Counter({
      name: 'meridian_upstream_skips_total',
      help: 'Candidate channels passed over without a call, by reason (breaker open, parked after a rate limit, retry budget spent)',
      labelNames: ['reason'],
      registers,
    });
    const breakers = () => this.routing?.().breakers ?? [];
    const cacheReads = () => this.routing?.().cacheReads ?? [];
    new Gauge({
      name: 'meridian_circuit_breakers',
      help: 'Circuit breakers by scope (a channel, or a model on a channel) and state (closed, open, half-open)',
      labelNames: ['scope', 'state'],
      registers,
      collect() {
        this.reset();
        for (const scope of ['channel', 'model']) for (const state of ['closed', 'open', 'half-open']) this.set({ scope, state }, 0);
        for (const b of breakers()) this.inc({ scope: b.model === null ? 'channel' : 'model', state: b.state });
      },
    });
    // Prompt tokens per serving channel and the part the upstream read from its prompt cache: their
    // ratio is the cache-read share that prompt-cache affinity is meant to raise.
    new Counter({
      name: 'meridian_prompt_tokens_total',
      help: 'Prompt tokens of answered requests, by the channel that served them',
      labelNames: ['channel'],
      registers,
      collect() {
        this.reset();
        for (const c of cacheReads()) this.inc({ channel: c.channelId }, c.promptTokens);
      },
    });
    new Counter({
      name: 'meridian_cache_read_tokens_total',
      help: "Prompt tokens read from the upstream's prompt cache, by the channel that served them",
      labelNames: ['channel'],
      registers,
      collect() {
        this.reset();
        for (const c of cacheReads()) this.inc({ channel: c.channelId }, c.cacheReadTokens);
      },
    });
    this.redis = new RedisCommandMetrics(registry);
  }

  /** Reads breaker states and cache reads from `view` at each scrape (the relay pipeline's router). */
  watchRouting(view: () => RoutingView): void {
    this.routing = view;
  }

  /** Counts a candidate channel the relay passed over without calling it. */
  skipped(reason: SkipReason): void {
    this.skips.inc({ reason });
  }

  /** Counts a finished model request; `firstByteSeconds` when a relayed answer reached the client. */
  request(labels: RequestLabels, seconds: number, firstByteSeconds?: number): void {
    const stream = labels.stream ? 'true' : 'false';
    this.requests.inc({ format: labels.format, group: labels.group, channel_kind: labels.channelKind, status_class: `${Math.floor(labels.status / 100)}xx`, stream });
    this.duration.observe({ format: labels.format, stream }, seconds);
    if (firstByteSeconds !== undefined) this.firstByte.observe({ format: labels.format, stream }, firstByteSeconds);
  }

  /**
   * Counts a finished upstream attempt of `request` (any object standing for one request: the
   * attempts of one request are told apart from the first by it).
   */
  attempt(record: AttemptRecord, request: object): void {
    this.attempts.inc({ channel_kind: record.kind, result: record.result });
    const failure = failureKindOf(record.result, record.status);
    if (failure !== null && failure !== 'skip') this.failures.inc({ channel_kind: record.kind, kind: failure });
    if (record.ttfbMs !== undefined) this.upstreamFirstByte.observe({ channel_kind: record.kind }, record.ttfbMs / 1000);
    const before = this.previous.get(request);
    if (before) {
      this.retries.inc();
      if (before.group !== record.group) this.failovers.inc({ scope: 'group' });
      else if (before.channelId !== record.channelId) this.failovers.inc({ scope: 'channel' });
    }
    this.previous.set(request, { channelId: record.channelId, group: record.group });
  }

  /** Counts a 429 of a rate limit; `scope` as the limiter names it (`token:<id>`, `group:<name>`, `account...`): only its kind is kept. */
  readonly rateLimitRefused = (scope: string, limit: string): void => {
    const kind = scope.startsWith('token:') ? 'token' : scope.startsWith('group:') ? 'group' : 'account';
    this.rateLimited.inc({ scope: kind, limit });
  };

  /** Counts usage events made (queued) and taken by Redis (sent). */
  readonly usageEvents = {
    queued: (count: number): void => this.usageQueued.inc(count),
    sent: (count: number): void => this.usageSent.inc(count),
  };
}
