import type { MikroORM } from '@mikro-orm/core';
import type { Ports } from '../../shared/ports/ports.js';
import type { HealthReport } from '../../shared/http/health-endpoints.js';

/** Longest a readiness check waits for PostgreSQL's answer: a stalled database counts as missing. */
const DATABASE_CHECK_MS = 2000;

/**
 * The control plane's readiness: PostgreSQL answers a query (within {@link DATABASE_CHECK_MS}) and,
 * when it runs on Redis, the Redis connection is up. Each missing one is named, as the data
 * plane's /readyz names its own.
 */
export function controlPlaneReadiness(orm: MikroORM, ports: Ports, timeoutMs = DATABASE_CHECK_MS): HealthReport {
  return {
    missing: async () => {
      const missing: string[] = [];
      const database = await databaseCheck(orm, timeoutMs);
      if (database !== null) missing.push(`database (PostgreSQL: ${database})`);
      if (!ports.connected()) missing.push('Redis (unreachable: configuration cannot be pushed to the data planes, usage is not ledgered)');
      return missing;
    },
    status: () => ({ role: 'control-plane' }),
  };
}

/** Null when PostgreSQL answered `select 1` in time, else why not. */
async function databaseCheck(orm: MikroORM, timeoutMs: number): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([
      orm.checkConnection().then(
        (check) => (check.ok ? null : (check.reason ?? 'unreachable')),
        (err: Error) => err.message,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
