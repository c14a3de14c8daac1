/**
 * The model endpoints, each with its stages in order (docs/architecture.md, "A request through
 * the data plane"): a Koa middleware per stage, passing its results on `ctx.state`, composed per
 * endpoint by the router; the stage chains are typed (./state.ts), so each stage sees what the
 * stages before it set.
 */
import type Koa from 'koa';
import type { WireFormat } from '../../shared/formats.js';
import type { DataPlaneDeps } from '../deps.js';
import type { BreakerOptions } from '../relay/circuit-breaker.js';
import type { AttemptRecord, SkipRecord } from '../relay/outcome.js';
import type { RoutingBreakers } from '../routing/breakers.js';
import { Router, type RouterOptions } from '../routing/router.js';
import { countCacheReads } from './cache-reads.js';
import { Relay, type RelayRequest } from '../relay/relay.js';
import type { TransportOptions } from '../../shared/wire/providers/transport.js';
import { readBody } from './body.js';
import { pickGroups } from './candidates.js';
import { countTokens } from './count-tokens.js';
import { endpointRouter, endpointsOf } from './endpoint-router.js';
import { listingFormat, listModels } from './models.js';
import { relayStage } from './relay.js';
import { resolveModel, type ModelSource } from './resolve.js';
import { createServingBase } from './serving-base.js';
import type { MeterState, Observed, Stage } from './state.js';

/** The generation endpoints (POST; docs/formats.md, "Endpoints and keys"): paths, format, where the model is named. */
const GENERATIONS: readonly [paths: string[], format: WireFormat, model: ModelSource][] = [
  [['/v1/chat/completions'], 'chat-completions', 'body'],
  [['/v1/responses'], 'responses', 'body'],
  [['/v1/messages'], 'messages', 'body'],
  [['/v1beta/models/:model\\:generateContent', '/v1/models/:model\\:generateContent'], 'generateContent', { pathStream: false }],
  [['/v1beta/models/:model\\:streamGenerateContent', '/v1/models/:model\\:streamGenerateContent'], 'generateContent', { pathStream: true }],
];

/** Hooks of the pipeline. */
export interface PipelineHooks {
  /**
   * Wraps the relay of every generation, after the rate limits: reserves an estimate before it
   * (402), observes each upstream attempt's answer (`ctx.state.observe`) and settles once `next`
   * returned (`ctx.state.relay`): metering.
   */
  meter?: Stage<MeterState, Observed>;
}

/** The meter hook's stand-in: generations relayed free (tests, benchmarks' baseline). */
const unmetered: Stage<unknown, Observed> = (_ctx, next) => next();

/** Tuning of the pipeline (defaults suit production). */
export interface PipelineOptions extends PipelineHooks {
  /** Breaker thresholds (tests); otherwise the configuration's. */
  breakers?: BreakerOptions;
  /** Routing settings over the configuration's (tests, benchmarks). */
  routing?: Partial<RouterOptions>;
  transport?: TransportOptions;
  /** Clock for breakers and token expiry (tests). */
  now?: () => number;
  random?: () => number;
  /** Clock for upstream attempts' first-byte and latency times, ms (tests; default `performance.now()`). */
  stopwatch?: () => number;
  /** False: upstream attempts are not counted. Only a benchmark baseline wants this (health needs them). */
  recordOutcomes?: boolean;
  /** Length of a rate-limit window (tests shorten it; default one minute). */
  rateWindowMs?: number;
}

/** The relay pipeline with what it must release at shutdown. */
export interface RelayPipeline {
  middleware: Koa.Middleware;
  /** Unsubscribes and closes the upstream connection pools. */
  close(): Promise<void>;
  breakers: RoutingBreakers;
  /** The routing state: breakers, parking, weights, affinity, budget, cache reads (`router.view()` for metrics). */
  router: Router;
  /** What the pipeline lacks to serve now (empty when nothing), for /readyz. */
  missing(): string[];
}

/** Builds the pipeline over the data plane's ports and configuration. */
export function createRelayPipeline(deps: DataPlaneDeps, options: PipelineOptions = {}): RelayPipeline {
  const now = options.now ?? Date.now;
  const recording = options.recordOutcomes !== false;
  const base = createServingBase(deps, { now, recordOutcomes: recording, transport: options.transport, limits: { windowMs: options.rateWindowMs, onRefused: deps.metrics?.rateLimitRefused } });
  const { cache, recorder, groupHealth, limits, onKeyRejected } = base;
  const routing = { ...deps.config.routing, ...options.routing };
  const router = new Router({ ...routing, breakers: options.breakers ?? routing.breakers }, now);
  deps.metrics?.watchRouting(() => router.view());
  // Health: every upstream attempt is counted (batched, no I/O per request); unavailable groups are skipped.
  const counted = (req: RelayRequest) => ({ model: req.model.id, format: req.format, stream: req.stream });
  const onAttempt = (record: AttemptRecord, req: RelayRequest) => {
    deps.metrics?.attempt(record, req);
    base.countAttempt(record, counted(req));
  };
  const onSkip = (skip: SkipRecord, req: RelayRequest) => base.countSkip(skip, counted(req));
  // A key the upstream rejected: the relay stops using it at once; the control plane disables it for all.
  const relay = new Relay({ transport: base.transport, router, random: options.random, stopwatch: options.stopwatch, onAttempt, onSkip, onKeyRejected, idleTimeoutMs: deps.config.upstreamIdleTimeoutMs });
  const modelAsked = (format: WireFormat, source: ModelSource) =>
    base
      .keyed(format)
      .then(readBody(deps.config.maxBodyBytes, deps.config.maxJsonDepth, source === 'count' ? 'count_tokens' : 'generate'))
      .then(resolveModel(source))
      .then(pickGroups((group, model, others) => groupHealth.usable(group, model, others)));
  const generation = (format: WireFormat, source: ModelSource) =>
    modelAsked(format, source)
      // Before the reservation: a refused request costs nothing and reaches no upstream.
      .then(limits.middleware)
      .then(options.meter ?? unmetered)
      // Inside metering: it wraps the settlement callback the stages before it left.
      .then(countCacheReads(router, recording ? recorder : undefined, deps.config.nodeName))
      .then(relayStage(relay));

  const routes = endpointRouter();
  for (const [paths, format, source] of GENERATIONS) routes.post(paths, ...generation(format, source).stages);
  // After the model and group checks: a count is refused whatever a generation would be refused.
  routes.post('/v1/messages/count_tokens', ...modelAsked('messages', 'count').then(countTokens()).stages);
  routes.get('/v1/models{/:id}', ...base.keyed(listingFormat).then(listModels()).stages);
  routes.get('/v1beta/models{/:id}', ...base.keyed('generateContent').then(listModels()).stages);
  return {
    middleware: endpointsOf(routes),
    close: () => base.close(),
    breakers: router.breakers,
    router,
    missing: () => (cache.subscribed ? [] : ['token invalidations (Redis subscription)']),
  };
}
