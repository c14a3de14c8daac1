import type Koa from 'koa';
import KoaRouter, { type RouterContext } from '@koa/router';

/**
 * A router for a family of the data plane's endpoints: paths match as the APIs spell them (no
 * case folding, no trailing slash). A path that matches no endpoint, or a method an endpoint does
 * not take, goes on to the server's 404 in the path's format.
 */
export function endpointRouter(): KoaRouter {
  return new KoaRouter({ sensitive: true, strict: true });
}

/** The parameter `name` of the path's pattern (`:name`) the router matched, decoded; undefined when that part is absent. */
export function pathParam(ctx: Koa.ParameterizedContext, name: string): string | undefined {
  return (ctx as unknown as RouterContext).params[name];
}

/** The router's endpoints as one middleware: any other request goes on to `next`. */
export function endpointsOf(router: KoaRouter): Koa.Middleware {
  // Typed as wanting the router's context (params), which it sets itself before an endpoint runs.
  return router.routes() as Koa.Middleware;
}
