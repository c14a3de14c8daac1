/**
 * The model routes as one middleware: the stages of docs/architecture.md, "A request through the
 * data plane", each a Koa middleware passing results on `ctx.state`, composed once.
 */
import type Koa from 'koa';
import type { DataPlaneDeps } from '../bootstrap.js';
import type { BreakerOptions } from '../relay/circuit-breaker.js';
import type { AttemptRecord, SkipRecord } from '../relay/outcome.js';
import type { RoutingBreakers } from '../routing/breakers.js';
import { Router, type RouterOptions } from '../routing/router.js';
import { countCacheReads } from './cache-reads.js';
import { Relay, type RelayRequest } from '../relay/relay.js';
import type { TransportOptions } from '../../shared/wire/providers/transport.js';
import { outcomeOf, skipOutcomeOf } from '../health/attempt-outcome.js';
import { authenticate } from './authenticate.js';
import { closeWhenRefusedUnread, readBody } from './body.js';
import { pickGroups } from './candidates.js';
import { countTokens } from './count-tokens.js';
import { listModels } from './models.js';
import { relayStage } from './relay.js';
import { resolveModel } from './resolve.js';
import { routeRequest } from './route.js';
import { createServingBase } from './serving-base.js';
import type { PipelineState } from './state.js';

/** Hooks for the stages of later issues: billing reserves before the relay and meters after it. */
export interface PipelineHooks {
  /** Runs after the candidate groups are known, before the upstream call (reserve an estimate; 402). */
  reserve?: Koa.Middleware<PipelineState>;
  /** Runs after the relay with `ctx.state.relay` (normalise usage, price, settle, emit events). */
  meter?: Koa.Middleware<PipelineState>;
}

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

/** Runs `stages` in order, like koa-compose (each awaits the next through `next`). */
function compose<S>(stages: Koa.Middleware<S>[]): Koa.Middleware<S> {
  return (ctx, next) => {
    const run = (i: number): Promise<void> => (i === stages.length ? next() : Promise.resolve(stages[i](ctx, () => run(i + 1))));
    return run(0);
  };
}

/** Builds the pipeline over the data plane's ports and configuration. */
export function createRelayPipeline(deps: DataPlaneDeps, options: PipelineOptions = {}): RelayPipeline {
  const now = options.now ?? Date.now;
  const base = createServingBase(deps, { now, transport: options.transport, limits: { windowMs: options.rateWindowMs, onRefused: deps.metrics?.rateLimitRefused } });
  const { cache, recorder, groupHealth, limits, onKeyRejected } = base;
  const routing = { ...deps.config.routing, ...options.routing };
  const router = new Router({ ...routing, breakers: options.breakers ?? routing.breakers }, now);
  deps.metrics?.watchRouting(() => router.view());
  // Health: every upstream attempt is counted (batched, no I/O per request); unavailable groups are skipped.
  const recording = options.recordOutcomes !== false;
  const onAttempt = (record: AttemptRecord, req: RelayRequest) => {
    deps.metrics?.attempt(record, req);
    const outcome = outcomeOf(record, { model: req.model.id, format: req.format, stream: req.stream }, deps.config.nodeName);
    if (outcome && recording) recorder.record(outcome);
  };
  const onSkip = (skip: SkipRecord, req: RelayRequest) => {
    deps.metrics?.skipped(skip.reason);
    if (recording) recorder.count(skipOutcomeOf(skip, { model: req.model.id, format: req.format, stream: req.stream }, deps.config.nodeName));
  };
  // A key the upstream rejected: the relay stops using it at once; the control plane disables it for all.
  const relay = new Relay({ transport: base.transport, router, random: options.random, onAttempt, onSkip, onKeyRejected, idleTimeoutMs: deps.config.upstreamIdleTimeoutMs });
  const pass: Koa.Middleware<PipelineState> = (_ctx, next) => next();
  const stages = compose<PipelineState>([
    // Authentication needs only headers and the query: an anonymous caller is refused before a
    // byte of its body is read (up to maxBodyBytes otherwise).
    closeWhenRefusedUnread(),
    base.tokenCacheReady,
    authenticate(cache, { now }) as Koa.Middleware<PipelineState>,
    readBody(deps.config.maxBodyBytes, deps.config.maxJsonDepth),
    listModels(),
    resolveModel(),
    pickGroups((group, model, others) => groupHealth.usable(group, model, others)),
    // After the model and group checks: a count is refused whatever a generation would be refused.
    countTokens(),
    // Before the reservation: a refused request costs nothing and reaches no upstream.
    limits.middleware,
    options.reserve ?? pass,
    // Before the relay: it wraps the settlement callback the stages before it left.
    countCacheReads(router, recording ? recorder : undefined, deps.config.nodeName),
    relayStage(relay),
    options.meter ?? pass,
  ]);
  const middleware = routeRequest(deps.runtime, stages);
  return {
    middleware: middleware as Koa.Middleware,
    close: () => base.close(),
    breakers: router.breakers,
    router,
    missing: () => (cache.subscribed ? [] : ['token invalidations (Redis subscription)']),
  };
}
