import type Koa from 'koa';

/** The response headers the console's playground reads: which request, group and channel kind served. */
const EXPOSED_HEADERS = 'x-request-id, x-meridian-group, x-meridian-channel-kind';

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE_S = '600';

/**
 * CORS for the console (CONSOLE_URL), whose playground calls the model routes from the browser
 * with a token key: a request whose `Origin` is the console's gets `Access-Control-Allow-Origin`
 * and the exposed routing headers, and its preflight is answered here, before any key check (a
 * preflight carries no key). No credentials: the key travels in a header, never in a cookie.
 * Other origins get no CORS headers, so their browsers refuse the answers. A request without an
 * `Origin` header (every SDK and server) costs one property read.
 */
export function consoleCors(consoleUrl: string): Koa.Middleware {
  const allowed = new URL(consoleUrl).origin;
  return async (ctx, next) => {
    const origin = ctx.req.headers.origin;
    if (origin === undefined) return next();
    ctx.vary('Origin');
    if (origin !== allowed) return next();
    ctx.set('access-control-allow-origin', allowed);
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
      ctx.set('access-control-allow-methods', 'GET, POST');
      // Each format's key and version headers (x-api-key, anthropic-version, x-goog-api-key ...): whatever the page asks for.
      const requested = ctx.get('access-control-request-headers');
      if (requested) ctx.set('access-control-allow-headers', requested);
      ctx.set('access-control-max-age', PREFLIGHT_MAX_AGE_S);
      ctx.status = 204;
      return;
    }
    ctx.set('access-control-expose-headers', EXPOSED_HEADERS);
    await next();
  };
}
