/**
 * The control plane's health endpoints for orchestrators: /healthz answers while the process
 * runs; /readyz answers 200 when PostgreSQL and Redis answer, and 503 naming what is missing when
 * one does not (Redis stopped, then back; a PostgreSQL that refuses connections).
 */
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../../control-plane/db/orm.config.js';
import { controlPlaneReadiness } from '../../control-plane/web/readiness.js';
import { memoryPorts } from '../../shared/ports/factory.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { eventually } from '../support/eventually.js';
import { freePort } from '../support/free-port.js';
import { PrivateRedis } from '../support/private-redis.js';

interface Answer {
  status: number;
  body: { status: string; missing?: string[] };
}

async function get(url: string): Promise<Answer> {
  const r = await fetch(url);
  return { status: r.status, body: (await r.json()) as Answer['body'] };
}

describe('control plane /healthz and /readyz', () => {
  let redis: PrivateRedis;
  let cp: TestControlPlane;
  /** The control plane's origin (its `server.url` is the GraphQL endpoint's). */
  let origin: string;
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    cp = await startTestControlPlane({ redisPrefix: 'readiness:', env: { REDIS_URL: redis.url, REDIS_TIMEOUT_MS: '300' } });
    origin = new URL(cp.server.url).origin;
  }, 60_000);
  afterAll(async () => {
    await cp?.stop();
    await redis?.close();
  });

  it('is live and ready with its database and Redis, 503 naming Redis while it is away, ready again once it is back', async () => {
    expect(await get(`${origin}/healthz`)).toEqual({ status: 200, body: { status: 'ok', role: 'control-plane' } });
    expect(await get(`${origin}/readyz`)).toEqual({ status: 200, body: { status: 'ready', missing: [], role: 'control-plane' } });

    await redis.stop();
    const down = await eventually(async () => {
      const answer = await get(`${origin}/readyz`);
      return answer.status === 503 ? answer : false;
    }, '/readyz refusing without Redis');
    expect(down.body.missing).toEqual([expect.stringMatching(/^Redis \(unreachable/)]);
    expect(down.body.status).toBe(`not ready: ${down.body.missing![0]}`);
    // Alive all the while: an orchestrator must not restart it for a dependency's sake.
    expect((await get(`${origin}/healthz`)).status).toBe(200);

    await redis.restart();
    await eventually(async () => (await get(`${origin}/readyz`)).status === 200, '/readyz ready again with Redis back');
  }, 60_000);

  it('names the database when PostgreSQL does not answer', async () => {
    // A real PostgreSQL client against a port nobody listens on.
    const orm = await MikroORM.init({ ...ormConfig(`postgresql://postgres@127.0.0.1:${await freePort()}/none`), connect: false });
    try {
      const missing = await controlPlaneReadiness(orm, memoryPorts()).missing();
      expect(missing).toEqual([expect.stringMatching(/^database \(PostgreSQL: .*ECONNREFUSED/)]);
    } finally {
      await orm.close();
    }
  });
});
