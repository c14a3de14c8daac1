/**
 * What an OpenAI-format media endpoint (images, video jobs) runs on besides its own logic, built
 * once per endpoint family over the data plane's ports: a token cache subscribed to revocations
 * (as the relay pipeline's), the admission stages every keyed request goes through, breakers,
 * upstream connection pools, health counting under the endpoint's format, key-rejection reports,
 * group health, rate limits and unit billing.
 */
import type Koa from 'koa';
import type { DataPlaneDeps } from '../bootstrap.js';
import type { MediaFormat } from '../../shared/formats.js';
import { createLogger } from '../../shared/log.js';
import { resolvesWithin } from '../../shared/async/within.js';
import { TokenCache } from '../auth/token-cache.js';
import { UnitBilling } from '../billing/unit-billing.js';
import { redisUnavailable } from '../errors.js';
import { GroupHealthView } from '../health/group-health.js';
import { outcomeOf } from '../health/attempt-outcome.js';
import { OutcomeRecorder } from '../health/outcome-recorder.js';
import { rateLimitStage, type RateLimitStage } from '../limits/rate-limit-stage.js';
import { authenticate } from '../pipeline/authenticate.js';
import { closeWhenRefusedUnread } from '../pipeline/body.js';
import type { PipelineState } from '../pipeline/state.js';
import { DEFAULT_TRANSPORT_OPTIONS, UpstreamTransport } from '../providers/transport.js';
import { CircuitBreakers, DEFAULT_BREAKER_OPTIONS } from '../relay/circuit-breaker.js';
import type { AttemptRecord } from '../relay/outcome.js';
import type { KeyRejection } from '../relay/relay.js';

const log = createLogger('media');

/** The shared parts of a media endpoint (see the file comment). */
export interface MediaBase {
  /** Runs before the endpoint: refuses unread bodies of refused callers, waits for the token subscription, authenticates (OpenAI format). */
  admit: Koa.Middleware<PipelineState>;
  transport: UpstreamTransport;
  breakers: CircuitBreakers;
  billing: UnitBilling;
  limits: RateLimitStage;
  /** Group health: may `group` serve `model` now? */
  usable(group: string, model: string, others: boolean): boolean;
  /** Counts one upstream attempt for health. */
  onAttempt(record: AttemptRecord, model: string): void;
  /** Reports a key the upstream rejected, for the control plane to disable. */
  onKeyRejected(rejection: KeyRejection): void;
  close(): Promise<void>;
}

/** Builds the shared parts for the endpoint family `format`. */
export function createMediaBase(deps: DataPlaneDeps, format: MediaFormat, now: () => number): MediaBase {
  const cache = new TokenCache(deps.ports.tokens, { now });
  const subscribed = cache.start();
  const transport = new UpstreamTransport(DEFAULT_TRANSPORT_OPTIONS);
  const recorder = new OutcomeRecorder(deps.ports.outcomes, { now });
  const groupHealth = new GroupHealthView(deps.ports.groupStates);
  groupHealth.start().catch((err: Error) => log.error('cannot follow group states', { message: err.message }));
  const billing = new UnitBilling({ balances: deps.ports.balances, usage: deps.ports.usage, node: deps.config.nodeName, now });
  const limits = rateLimitStage({ limiter: deps.ports.rateLimits, failOpenMs: deps.config.rateLimitFailOpenMs, timeoutMs: deps.config.redisTimeoutMs, now });
  const tokenCacheReady: Koa.Middleware<PipelineState> = async (_ctx, next) => {
    if (!cache.subscribed && !(await resolvesWithin(subscribed, deps.config.redisTimeoutMs))) throw redisUnavailable('API keys');
    await next();
  };
  const auth = authenticate(cache, { format: 'chat-completions', now }) as Koa.Middleware<PipelineState>;
  const unread = closeWhenRefusedUnread();
  return {
    admit: (ctx, next) => unread(ctx, () => tokenCacheReady(ctx, () => auth(ctx, next))),
    transport,
    breakers: new CircuitBreakers(DEFAULT_BREAKER_OPTIONS, now),
    billing,
    limits,
    usable: (group, model, others) => groupHealth.usable(group, model, others),
    onAttempt: (record, model) => {
      const outcome = outcomeOf(record, { model, format, stream: false }, deps.config.nodeName);
      if (outcome) recorder.record(outcome);
    },
    onKeyRejected: (rejection) => {
      const report = { ...rejection, node: deps.config.nodeName, at: new Date(now()).toISOString() };
      deps.ports.keyInvalidations.report(report).catch((err: Error) => log.error('cannot report a rejected upstream key', { ...rejection, message: err.message }));
    },
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
