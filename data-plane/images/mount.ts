/**
 * The image routes with what they run on: their own token cache (subscribed to revocations like
 * the relay pipeline's), breakers, upstream connection pools, health counting, rate limits and
 * unit billing, over the data plane's ports. Mounted in front of the relay pipeline (data-plane/bootstrap.ts).
 */
import type Koa from 'koa';
import type { DataPlaneDeps } from '../bootstrap.js';
import { createLogger } from '../../shared/log.js';
import { resolvesWithin } from '../../shared/async/within.js';
import { TokenCache } from '../auth/token-cache.js';
import { UnitBilling } from '../billing/unit-billing.js';
import { redisUnavailable } from '../errors.js';
import { GroupHealthView } from '../health/group-health.js';
import { outcomeOf } from '../health/attempt-outcome.js';
import { OutcomeRecorder } from '../health/outcome-recorder.js';
import { authenticate } from '../pipeline/authenticate.js';
import { closeWhenRefusedUnread } from '../pipeline/body.js';
import type { PipelineState } from '../pipeline/state.js';
import { DEFAULT_TRANSPORT_OPTIONS, UpstreamTransport } from '../providers/transport.js';
import { CircuitBreakers, DEFAULT_BREAKER_OPTIONS } from '../relay/circuit-breaker.js';
import { rateLimitStage } from '../limits/rate-limit-stage.js';
import { ImageRelay } from './relay.js';
import { imageRoutes } from './routes.js';

const log = createLogger('image-routes');

/** The image routes and what they must release at shutdown. */
export interface ImageRoutes {
  middleware: Koa.Middleware;
  /** Settlements still being sent (tests wait for them). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Builds the image routes over the data plane's ports and configuration. */
export function createImageRoutes(deps: DataPlaneDeps, options: { now?: () => number; random?: () => number } = {}): ImageRoutes {
  const now = options.now ?? Date.now;
  const cache = new TokenCache(deps.ports.tokens, { now });
  const subscribed = cache.start();
  const transport = new UpstreamTransport(DEFAULT_TRANSPORT_OPTIONS);
  const breakers = new CircuitBreakers(DEFAULT_BREAKER_OPTIONS, now);
  const recorder = new OutcomeRecorder(deps.ports.outcomes, { now });
  const groupHealth = new GroupHealthView(deps.ports.groupStates);
  groupHealth.start().catch((err: Error) => log.error('cannot follow group states', { message: err.message }));
  const billing = new UnitBilling({ balances: deps.ports.balances, usage: deps.ports.usage, node: deps.config.nodeName, now });
  const relay = new ImageRelay({
    transport,
    breakers,
    billing,
    maxResultBytes: deps.config.imageMaxResultBytes,
    random: options.random,
    now,
    // Counted like the relay's attempts, under the media endpoint's format.
    onAttempt: (record, model) => {
      const outcome = outcomeOf(record, { model, format: 'images', stream: false }, deps.config.nodeName);
      if (outcome) recorder.record(outcome);
    },
    onKeyRejected: (rejection) => {
      const report = { ...rejection, node: deps.config.nodeName, at: new Date(now()).toISOString() };
      deps.ports.keyInvalidations.report(report).catch((err: Error) => log.error('cannot report a rejected upstream key', { ...rejection, message: err.message }));
    },
  });
  const tokenCacheReady: Koa.Middleware<PipelineState> = async (_ctx, next) => {
    if (!cache.subscribed && !(await resolvesWithin(subscribed, deps.config.redisTimeoutMs))) throw redisUnavailable('API keys');
    await next();
  };
  const auth = authenticate(cache, { format: 'chat-completions', now }) as Koa.Middleware<PipelineState>;
  const unread = closeWhenRefusedUnread();
  const admit: Koa.Middleware<PipelineState> = (ctx, next) => unread(ctx, () => tokenCacheReady(ctx, () => auth(ctx, next)));
  const limits = rateLimitStage({ limiter: deps.ports.rateLimits, failOpenMs: deps.config.rateLimitFailOpenMs, timeoutMs: deps.config.redisTimeoutMs, now });
  const middleware = imageRoutes({
    runtime: deps.runtime,
    admit,
    relay,
    maxBodyBytes: deps.config.maxBodyBytes,
    maxUploadBytes: deps.config.imageMaxUploadBytes,
    usable: (group, model, others) => groupHealth.usable(group, model, others),
    limits,
  });
  return {
    middleware: middleware as Koa.Middleware,
    idle: () => relay.idle(),
    close: async () => {
      limits.close();
      await cache.stop();
      await groupHealth.stop();
      await relay.idle();
      await recorder.close();
      await transport.close();
    },
  };
}
