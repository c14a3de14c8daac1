import type Koa from 'koa';

/** What a plane tells orchestrators about itself (see {@link healthEndpoints}). */
export interface HealthReport {
  /** What keeps it from serving, each in a few words naming the dependency (empty: ready). */
  missing(): string[] | Promise<string[]>;
  /** Details added to both answers (a node name, the configuration revision). */
  status(): Record<string, unknown>;
}

/**
 * GET /healthz, liveness: 200 `{status: "ok"}` whenever the process answers at all (an
 * orchestrator restarts a process that stops answering it; a missing dependency is no reason to).
 * GET /readyz, readiness: 200 `{status: "ready", missing: []}` when nothing is missing, else 503
 * `{status: "not ready: ...", missing: [...]}` (a balancer sends traffic elsewhere meanwhile).
 * Neither needs a key. Other requests go on.
 */
export function healthEndpoints(report: HealthReport): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/healthz') {
      ctx.body = { status: 'ok', ...report.status() };
      return;
    }
    if (ctx.method === 'GET' && ctx.path === '/readyz') {
      const missing = await report.missing();
      ctx.status = missing.length === 0 ? 200 : 503;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: missing.length === 0 ? 'ready' : `not ready: ${missing.join('; ')}`, missing, ...report.status() };
      return;
    }
    await next();
  };
}
