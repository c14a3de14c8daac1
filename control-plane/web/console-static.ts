import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Koa from 'koa';
import send from 'koa-send';

/** Where `npm run console:build` puts the console. */
export const CONSOLE_DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'console', 'dist');

/** Paths that are never the console's: the API and the payment callback. */
const NOT_CONSOLE = new Set(['/graphql', '/pay/notify']);

/**
 * Serves the built console: its hashed assets (cached for a year), and its page for every other
 * GET a browser makes (the console's router decides what to show; an unknown address shows its
 * "not found" page). Anything else that is not the API answers 404.
 */
export function consoleStatic(distDir = CONSOLE_DIST): Koa.Middleware {
  return async (ctx, next) => {
    if (NOT_CONSOLE.has(ctx.path)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 404;
      ctx.body = { error: `No route for ${ctx.method} ${ctx.path}` };
      return;
    }
    if (!existsSync(join(distDir, 'index.html'))) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The console is not built: run `npm run console:build` (npm start does it).';
      return;
    }
    if (ctx.path.startsWith('/assets/')) {
      try {
        await send(ctx, ctx.path, { root: distDir, immutable: true, maxage: 365 * 24 * 3600_000 });
      } catch {
        ctx.status = 404;
        ctx.body = { error: `No asset ${ctx.path}` };
      }
      return;
    }
    if (!ctx.accepts('html')) {
      ctx.status = 404;
      ctx.body = { error: `No route for ${ctx.method} ${ctx.path}` };
      return;
    }
    // The page itself is never cached, so a new build is picked up at once.
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root: distDir });
  };
}
