import { readControlPlaneConfig } from '../../control-plane/config.js';
import { startControlPlane, type ControlPlane } from '../../control-plane/bootstrap.js';
import type { Ports } from '../../shared/ports/ports.js';
import type { ServiceOverrides } from '../../control-plane/services.js';
import { createTestDatabase, TEST_REDIS_URL, testRedisPrefix } from './database.js';
import { dropKeys } from './redis-keys.js';

/** A control plane on its own fresh database, on a free port. */
export interface TestControlPlane extends ControlPlane {
  databaseUrl: string;
  redisPrefix: string;
  stop(): Promise<void>;
}

/** The SECRET_KEY of every test control plane, so tests can decrypt what it stored. */
export const TEST_SECRET_KEY = 'test-secret-key-test-secret-key-0123456789';

/** The administrator every test control plane has (ADMIN_USERNAME/ADMIN_PASSWORD), unless `env` unsets them with ''. */
export const TEST_ADMIN = { username: 'admin', password: 'test-admin-password' };

/**
 * Starts a control plane for a test file. With `redis` (the default) it uses the real Redis under
 * a unique prefix; pass `databaseUrl`/`redisPrefix` to start a second instance on the same state.
 * `overrides` replace the clock or the captcha answers (see ServiceOverrides).
 */
export async function startTestControlPlane(
  options: { redis?: boolean; databaseUrl?: string; redisPrefix?: string; env?: Record<string, string>; ports?: Ports; overrides?: ServiceOverrides } = {},
): Promise<TestControlPlane> {
  const db = options.databaseUrl ? undefined : await createTestDatabase();
  const databaseUrl = options.databaseUrl ?? db!.url;
  const redisPrefix = options.redisPrefix ?? testRedisPrefix();
  const config = readControlPlaneConfig(
    {
      CONTROL_PLANE_PORT: '0',
      HOST: '127.0.0.1',
      REDIS_PREFIX: redisPrefix,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      // No background probes: they would add upstream requests to tests that count them (probe tests run rounds by hand).
      HEALTH_PROBE_INTERVAL_MS: '0',
      ...(options.redis === false ? {} : { REDIS_URL: TEST_REDIS_URL }),
      ...options.env,
    },
    false,
  );
  const cp = await startControlPlane(config, { databaseUrl, secretKey: TEST_SECRET_KEY, ports: options.ports }, options.overrides);
  return {
    ...cp,
    databaseUrl,
    redisPrefix,
    stop: async () => {
      await cp.close();
      await db?.drop();
      // A prefix passed in belongs to the instance that made it.
      if (!options.redisPrefix && options.redis !== false) await dropKeys(redisPrefix);
    },
  };
}
