import type Koa from 'koa';
import { randomBytes } from 'node:crypto';
import { SecretBox } from '../shared/crypto/secrets.js';
import { redisPorts } from '../shared/ports/factory.js';
import type { Ports } from '../shared/ports/ports.js';
import type { DataPlaneConfig } from './config.js';
import type { DataPlaneDeps } from './deps.js';
import { Heartbeat } from './config/heartbeat.js';
import type { RuntimeConfig } from '../shared/snapshot/runtime-config.js';
import { SnapshotLoader, type LoaderReport } from './config/snapshot-loader.js';
import { startDataPlaneServer } from './server.js';
import { createRelayPipeline } from './pipeline/pipeline.js';
import { Metering } from './billing/metering.js';
import { DataPlaneMetrics } from './metrics/data-plane-metrics.js';
import { requestObserver } from './metrics/request-observer.js';
import { metricsEndpoint } from '../shared/metrics/registry.js';

/** The model routes as one middleware, and what it must release at shutdown. */
export interface ModelRoutes {
  middleware: Koa.Middleware;
  close(): Promise<void>;
  /** What the routes lack to serve now (empty when nothing), for /readyz. */
  missing?(): string[];
}

/** Builds the model routes, mounted after /healthz and /readyz. */
export type PipelineFactory = (deps: DataPlaneDeps) => ModelRoutes;

/** The production model routes: the relay pipeline with metering (reserve, settle, usage events). */
export const relayWithMetering: PipelineFactory = (deps) => {
  const metering = new Metering({
    balances: deps.ports.balances,
    usage: deps.ports.usage,
    node: deps.config.nodeName,
    instance: deps.instance,
    // Usage events Redis may have lost with its data are appended again (checked at the heartbeat's pace); in-process ports lose nothing.
    replay: deps.ports.kind === 'redis' ? { bus: deps.ports.configBus, periodMs: deps.config.heartbeatMs } : undefined,
    events: deps.metrics?.usageEvents,
  });
  const pipeline = createRelayPipeline(deps, { meter: metering.middleware });
  // One routing state per node: a channel's breakers and back-offs hold for every endpoint.
  const images = onFirstRequest('/v1/images/', async () => (await import('./images/mount.js')).createImageRoutes(deps, { router: pipeline.router }));
  const videos = onFirstRequest('/v1/videos', async () => (await import('./video/mount.js')).createVideoRoutes(deps, { router: pipeline.router }));
  return {
    middleware: (ctx, next) => pipeline.middleware(ctx, () => images.middleware(ctx, () => videos.middleware(ctx, next))),
    missing: () => pipeline.missing(),
    close: async () => {
      await images.close();
      await videos.close();
      await pipeline.close();
      // The last answers' settlements, before the ports close.
      await metering.close();
    },
  };
};

/**
 * A family of routes built at its first request under `prefix`: the image and video endpoints
 * (their modules, the upload parser, a serving base each with its token cache, pools and health)
 * cost a data plane's start and memory nothing until a client asks for one of them. A build that
 * failed is tried again at the next request (the requests that waited for it get its error). Once
 * closed, it builds nothing more, and a request that waited for the build goes on to `next`.
 */
export function onFirstRequest(prefix: string, build: () => Promise<Omit<ModelRoutes, 'missing'>>): Omit<ModelRoutes, 'missing'> {
  let built: Promise<Omit<ModelRoutes, 'missing'>> | undefined;
  let closed = false;
  return {
    middleware: async (ctx, next) => {
      if (closed || !ctx.path.startsWith(prefix)) return next();
      const building = (built ??= build());
      // Not kept when it failed: the next request builds again.
      building.catch(() => {
        if (built === building) built = undefined;
      });
      const routes = await building;
      if (closed) return next();
      return routes.middleware(ctx, next);
    },
    close: async () => {
      closed = true;
      // A build that failed left nothing to close.
      const routes = await built?.catch(() => undefined);
      await routes?.close();
    },
  };
}

/** A running data plane. */
export interface DataPlane {
  url: string;
  nodeName: string;
  /** The compiled configuration in force (see DataPlaneDeps.runtime). */
  runtime: () => RuntimeConfig | null;
  loader: SnapshotLoader;
  /** Stops the timers and the subscription and drains the HTTP server. */
  close(): Promise<void>;
}

/**
 * Starts a data plane: ports (Redis from `config.redisUrl`, unless in-process `ports` are given
 * in all-in-one mode), the snapshot loader (waits for its first attempt, which falls back to the
 * disk copy), the heartbeat and the HTTP server serving the model routes (`pipeline`, by default
 * {@link relayWithMetering}).
 */
export async function startDataPlane(
  config: DataPlaneConfig,
  options: {
    secretKey: string;
    ports?: Ports;
    pipeline?: PipelineFactory;
    /** Called right after each snapshot apply or refusal, with the loader's report (benchmarks time applies with it). */
    onSnapshotChange?: (report: LoaderReport) => void;
  },
): Promise<DataPlane> {
  if (!options.ports && !config.redisUrl) throw new Error('startDataPlane: REDIS_URL is not set and no in-process ports were given');
  const own = options.ports ? undefined : redisPorts(config.redisUrl!, config.redisPrefix, { timeoutMs: config.redisTimeoutMs });
  const ports = options.ports ?? own!;
  const metrics = new DataPlaneMetrics(() => loader.current());
  if (own) metrics.redis.observe(own.redis.cmd);
  const secrets = new SecretBox(options.secretKey);
  // Its reservations carry it: a control plane releases them when this process stops beating.
  const instance = randomBytes(6).toString('hex');

  const loader = new SnapshotLoader({
    bus: ports.configBus,
    box: secrets,
    nodeName: config.nodeName,
    dataDir: config.dataDir,
    pollMs: config.snapshotPollMs,
    // Beat at once after an apply or a refusal, so the control plane sees it without waiting a period.
    onChange: () => {
      options.onSnapshotChange?.(loader.report());
      void heartbeat.beat();
    },
  });
  const heartbeat = new Heartbeat(ports.configBus, config.nodeName, config.heartbeatMs, () => loader.report(), instance);
  await loader.start();
  heartbeat.start();

  const runtime = () => loader.current();
  const routes = (options.pipeline ?? relayWithMetering)({ config, ports, secrets, runtime, instance, metrics });
  const server = await startDataPlaneServer(
    {
      // Not ready without a configuration, or while Redis is out of reach: only keys and leases
      // already held could be served, so a balancer should prefer another node.
      missing: () => [
        ...(runtime() === null ? ['routing configuration (no snapshot loaded yet)'] : []),
        ...(ports.connected() ? [] : ['Redis (unreachable: new keys and balances cannot be checked)']),
        ...(routes.missing?.() ?? []),
      ],
      status: () => ({ node: config.nodeName, revision: runtime()?.revision ?? null }),
      middleware: routes.middleware,
      consoleUrl: config.consoleUrl,
      observe: requestObserver(metrics) as Koa.Middleware,
      metrics: metricsEndpoint(metrics.registry, config.metricsToken),
    },
    config.port,
    config.host,
    config.shutdownGraceMs,
    instance,
  );

  return {
    url: server.url,
    nodeName: config.nodeName,
    runtime,
    loader,
    close: async () => {
      await server.close();
      await routes.close();
      await heartbeat.stop();
      await loader.stop();
      if (!options.ports) await ports.close();
    },
  };
}
