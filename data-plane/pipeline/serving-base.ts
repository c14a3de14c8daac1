/**
 * What every keyed endpoint family of the data plane runs on (the relay pipeline and each media
 * endpoint build one): a token cache subscribed to revocations, upstream connection pools, health
 * counting of upstream attempts and skipped candidates, group health, rate limits and
 * key-rejection reports, with their shutdown.
 */
import type { DataPlaneDeps } from '../deps.js';
import type { GroupFormat } from '../../shared/formats.js';
import { createLogger } from '../../shared/log.js';
import { resolvesWithin } from '../../shared/async/within.js';
import { TokenCache } from '../auth/token-cache.js';
import { redisUnavailable } from '../../shared/wire/errors.js';
import { outcomeOf, skipOutcomeOf } from '../health/attempt-outcome.js';
import { GroupHealthView } from '../health/group-health.js';
import { OutcomeRecorder } from '../health/outcome-recorder.js';
import { rateLimitStage, type RateLimitOptions, type RateLimitStage } from '../limits/rate-limit-stage.js';
import { DEFAULT_TRANSPORT_OPTIONS, UpstreamTransport, type TransportOptions } from '../../shared/wire/providers/transport.js';
import type { AttemptRecord, SkipRecord } from '../relay/outcome.js';
import type { KeyRejection } from '../relay/relay.js';
import { authenticate } from './authenticate.js';
import { closeWhenRefusedUnread } from './body.js';
import { configure, type EndpointFormat } from './configure.js';
import { StageChain, type Authenticated, type Configured, type RequestState, type Stage } from './state.js';

const log = createLogger('serving');

/** The shared parts (see the file comment). */
export interface ServingBase {
  cache: TokenCache;
  /**
   * The first stages of every keyed endpoint: sets the request's format (see ./configure.ts),
   * marks the connection for closing when a refusal comes before the body was read, waits
   * (REDIS_TIMEOUT_MS at most, then 503) until the token cache hears revocations, and
   * authenticates. Authentication needs only headers and the query: an anonymous caller is
   * refused before a byte of its body is read.
   */
  keyed(format: EndpointFormat): StageChain<RequestState & Configured & Authenticated>;
  transport: UpstreamTransport;
  recorder: OutcomeRecorder;
  /** Counts a finished upstream attempt for health. */
  countAttempt(record: AttemptRecord, request: CountedRequest): void;
  /** Counts a candidate passed over without a call (breaker, parked, budget) in the metrics and for health. */
  countSkip(skip: SkipRecord, request: CountedRequest): void;
  groupHealth: GroupHealthView;
  limits: RateLimitStage;
  /** Reports a key the upstream rejected, for the control plane to disable it everywhere. */
  onKeyRejected(rejection: KeyRejection): void;
  /** Stops the rate limits, the subscriptions, the recorder and the connection pools. */
  close(): Promise<void>;
}

/** What health counts a request's attempts and skips under. */
export interface CountedRequest {
  model: string;
  format: GroupFormat;
  stream: boolean;
}

/** How a family's base differs from the defaults. */
export interface ServingBaseOptions {
  now: () => number;
  /** False: attempts and skips are not counted for health. Only a benchmark baseline wants this (health needs them). */
  recordOutcomes?: boolean;
  transport?: TransportOptions;
  limits?: Pick<RateLimitOptions, 'windowMs' | 'onRefused'>;
}

/** Builds the shared parts over the data plane's ports and configuration. */
export function createServingBase(deps: DataPlaneDeps, options: ServingBaseOptions): ServingBase {
  const { now } = options;
  const cache = new TokenCache(deps.ports.tokens, { now });
  // Subscribed in the background (and again while Redis is away), so that no request is served
  // from a cache deaf to revocations.
  const subscribed = cache.start();
  const transport = new UpstreamTransport(options.transport ?? DEFAULT_TRANSPORT_OPTIONS);
  const recorder = new OutcomeRecorder(deps.ports.outcomes, { now });
  const groupHealth = new GroupHealthView(deps.ports.groupStates);
  groupHealth.start().catch((err: Error) => log.error('cannot follow group states', { message: err.message }));
  const limits = rateLimitStage({ limiter: deps.ports.rateLimits, failOpenMs: deps.config.rateLimitFailOpenMs, timeoutMs: deps.config.redisTimeoutMs, now, ...options.limits });
  const unread = closeWhenRefusedUnread();
  const tokenCacheReady: Stage<RequestState> = async (_ctx, next) => {
    if (!cache.subscribed && !(await resolvesWithin(subscribed, deps.config.redisTimeoutMs))) throw redisUnavailable('API keys');
    await next();
  };
  const auth = authenticate(cache, { now });
  const recording = options.recordOutcomes !== false;
  return {
    cache,
    keyed: (format) => StageChain.start().then(configure(deps.runtime, format)).then(unread).then(tokenCacheReady).then(auth),
    transport,
    recorder,
    countAttempt: (record, request) => {
      const outcome = outcomeOf(record, request, deps.config.nodeName);
      if (outcome && recording) recorder.record(outcome);
    },
    countSkip: (skip, request) => {
      deps.metrics?.skipped(skip.reason);
      if (recording) recorder.count(skipOutcomeOf(skip, request, deps.config.nodeName));
    },
    groupHealth,
    limits,
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
    },
  };
}
