/**
 * Prometheus metrics (prom-client): each plane keeps its own registry, so that the two planes of
 * an all-in-one process, or of a test, never mix their series. Every registry carries prom-client's
 * default process metrics (CPU, memory, event-loop lag, GC, handles).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import { Registry, collectDefaultMetrics } from 'prom-client';

/** A registry with the default process metrics; `plane` labels every series (`data-plane`, `control-plane`). */
export function createRegistry(plane: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ plane });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Seconds elapsed since `startedAt` (a `performance.now()` reading). */
export function secondsSince(startedAt: number): number {
  return (performance.now() - startedAt) / 1000;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Serves `GET /metrics` in Prometheus' text format. With `token` (METRICS_TOKEN), only a request
 * carrying `Authorization: Bearer <token>` is answered; others get 401.
 */
export function metricsEndpoint(registry: Registry, token: string | undefined): Koa.Middleware {
  const expected = token === undefined ? undefined : digest(token);
  return async (ctx, next) => {
    if (ctx.path !== '/metrics' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    if (expected) {
      const given = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
      // Compared as digests: equal lengths, and no timing hint about the token.
      if (given === undefined || !timingSafeEqual(digest(given), expected)) {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
        ctx.body = 'metrics need Authorization: Bearer <METRICS_TOKEN>\n';
        return;
      }
    }
    ctx.set('Content-Type', registry.contentType);
    ctx.body = await registry.metrics();
  };
}
