import type Koa from 'koa';
import cors from '@koa/cors';

/**
 * CORS for console frontends served from other origins (CONSOLE_ORIGINS): their preflights and
 * requests to `/graphql` are allowed with credentials. Any other origin gets no CORS headers, so
 * its browser refuses the answer, and Apollo's CSRF prevention still refuses its simple requests.
 */
export function consoleCors(origins: readonly string[]): Koa.Middleware {
  const allowed = new Set(origins);
  const handler = cors({
    origin: (ctx) => {
      const origin = ctx.get('origin');
      return allowed.has(origin) ? origin : '';
    },
    credentials: true,
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['content-type', 'authorization', 'apollo-require-preflight', 'x-apollo-operation-name'],
    maxAge: 600,
  });
  return async (ctx, next) => (ctx.path === '/graphql' && allowed.size > 0 ? handler(ctx, next) : next());
}
