import { MikroORM } from '@mikro-orm/postgresql';
import { SecretBox } from '../shared/crypto/secrets.js';
import { memoryPorts, redisPorts } from '../shared/ports/factory.js';
import type { Ports } from '../shared/ports/ports.js';
import { createLogger } from '../shared/log.js';
import type { ControlPlaneConfig } from './config.js';
import { ormConfig } from './db/orm.config.js';
import { createEventBus } from './graphql/pubsub.js';
import { startControlPlaneServer, type ControlPlaneServer } from './server.js';
import { Services, type ServiceOverrides } from './services.js';
import { ControlPlaneMetrics } from './metrics/control-plane-metrics.js';

const log = createLogger('control-plane');

/** A running control plane: its services (for tests and the all-in-one wiring) and its server. */
export interface ControlPlane {
  services: Services;
  server: ControlPlaneServer;
  close(): Promise<void>;
}

/** Opens the database (running migrations) and the ORM. */
export async function openDatabase(databaseUrl: string): Promise<MikroORM> {
  const orm = await MikroORM.init(ormConfig(databaseUrl));
  const applied = await orm.getMigrator().up();
  if (applied.length) log.info('migrations applied', { migrations: applied.map((m) => m.name) });
  return orm;
}

/**
 * Starts a control plane on an already resolved database URL and secret key. `ports` is given in
 * all-in-one mode (shared with the in-process data plane); otherwise built from REDIS_URL.
 * `overrides` are for tests and embedders (see ServiceOverrides).
 */
export async function startControlPlane(
  config: ControlPlaneConfig,
  resolved: { databaseUrl: string; secretKey: string; ports?: Ports },
  overrides: ServiceOverrides = {},
): Promise<ControlPlane> {
  const orm = await openDatabase(resolved.databaseUrl);
  const own = resolved.ports || !config.redisUrl ? undefined : redisPorts(config.redisUrl, config.redisPrefix, { timeoutMs: config.redisTimeoutMs });
  const ports = resolved.ports ?? own ?? memoryPorts();
  const metrics = new ControlPlaneMetrics();
  if (own) metrics.redis.observe(own.redis.cmd);
  const events = createEventBus(config.redisUrl, config.redisPrefix, config.redisTimeoutMs);
  const services = new Services({ orm, ports, events, secrets: new SecretBox(resolved.secretKey), config }, overrides);
  await services.start();
  metrics.watch(services);
  const server = await startControlPlaneServer(services, config.port, config.host, metrics);
  return {
    services,
    server,
    close: async () => {
      await server.close();
      await services.stop();
      await events.close();
      if (!resolved.ports) await ports.close();
      await orm.close();
    },
  };
}
