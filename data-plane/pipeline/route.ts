import type Koa from 'koa';
import type { RuntimeConfig } from '../../shared/snapshot/runtime-config.js';
import { GatewayError } from '../../shared/wire/errors.js';
import { matchRoute } from './routes.js';
import type { PipelineState } from './state.js';

/**
 * First stage: matches the model endpoints (others fall through to the server's 404), sets the
 * format (every later error is answered in it), takes the configuration in force for the whole
 * request, and runs the other `stages` (which end the request: nothing falls through after them).
 */
export function routeRequest(runtime: () => RuntimeConfig | null, stages: Koa.Middleware<PipelineState>): Koa.Middleware<PipelineState> {
  const end = async () => undefined;
  return async (ctx, next) => {
    const route = matchRoute(ctx.method, ctx.path, ctx.headers, new URLSearchParams(ctx.querystring));
    if (!route) return next();
    ctx.state.route = route;
    ctx.state.format = route.format;
    const config = runtime();
    if (!config) throw new GatewayError('unavailable', 'The gateway has no routing configuration yet; retry shortly');
    ctx.state.runtime = config;
    await stages(ctx, end);
  };
}
