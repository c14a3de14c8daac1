/**
 * The video routes with what they run on: their own token cache (subscribed to revocations like
 * the relay pipeline's), breakers, upstream connection pools, health counting and rate limits
 * (counted in the same Redis windows as text requests), over the data plane's ports. Mounted in front of the relay pipeline (data-plane/bootstrap.ts).
 */
import type Koa from 'koa';
import type { DataPlaneDeps } from '../bootstrap.js';
import { createLogger } from '../../shared/log.js';
import { TokenCache } from '../auth/token-cache.js';
import { redisUnavailable } from '../errors.js';
import { GroupHealthView } from '../health/group-health.js';
import { outcomeOf } from '../health/attempt-outcome.js';
import { OutcomeRecorder } from '../health/outcome-recorder.js';
import { authenticate } from '../pipeline/authenticate.js';
import { closeWhenRefusedUnread } from '../pipeline/body.js';
import type { PipelineState } from '../pipeline/state.js';
import { DEFAULT_TRANSPORT_OPTIONS, UpstreamTransport } from '../providers/transport.js';
import { CircuitBreakers, DEFAULT_BREAKER_OPTIONS } from '../relay/circuit-breaker.js';
import { resolvesWithin } from '../../shared/async/within.js';
import { UnitBilling } from '../billing/unit-billing.js';
import { VideoJobs } from './jobs.js';
import { videoRoutes } from './routes.js';
import { rateLimitStage } from '../limits/rate-limit-stage.js';

const log = createLogger('video-routes');

/** How long a video job's record is kept after its account's last write (listing, settlement). */
export const VIDEO_JOB_TTL_MS = 24 * 60 * 60 * 1000;

/** The video routes and what they must release at shutdown. */
export interface VideoRoutes {
  middleware: Koa.Middleware;
  close(): Promise<void>;
}

/** Builds the video routes over the data plane's ports and configuration. */
export function createVideoRoutes(deps: DataPlaneDeps, options: { now?: () => number } = {}): VideoRoutes {
  const now = options.now ?? Date.now;
  const cache = new TokenCache(deps.ports.tokens, { now });
  const subscribed = cache.start();
  const transport = new UpstreamTransport(DEFAULT_TRANSPORT_OPTIONS);
  const breakers = new CircuitBreakers(DEFAULT_BREAKER_OPTIONS, now);
  const recorder = new OutcomeRecorder(deps.ports.outcomes, { now });
  const groupHealth = new GroupHealthView(deps.ports.groupStates);
  groupHealth.start().catch((err: Error) => log.error('cannot follow group states', { message: err.message }));
  const billing = new UnitBilling({ balances: deps.ports.balances, usage: deps.ports.usage, node: deps.config.nodeName, now });
  const jobs = new VideoJobs({
    secrets: deps.secrets,
    store: deps.ports.videoJobs,
    billing,
    transport,
    breakers,
    now,
    jobTtlMs: VIDEO_JOB_TTL_MS,
    // Counted like the relay's attempts, under the media endpoint's format.
    onAttempt: (record, model) => {
      const outcome = outcomeOf(record, { model, format: 'videos', stream: false }, deps.config.nodeName);
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
  const middleware = videoRoutes({
    runtime: deps.runtime,
    admit,
    jobs,
    maxBodyBytes: deps.config.maxBodyBytes,
    usable: (group, model, others) => groupHealth.usable(group, model, others),
    limits,
  });
  return {
    middleware: middleware as Koa.Middleware,
    close: async () => {
      limits.close();
      await cache.stop();
      await groupHealth.stop();
      await recorder.close();
      await transport.close();
      await billing.idle();
    },
  };
}
