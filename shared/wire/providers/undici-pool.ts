/**
 * undici's connection pool and its `request` call, loaded alone. undici's index also loads fetch,
 * WebSocket, proxies, caches and mocks, none of which Meridian uses, at a cost to a data plane's
 * memory and start (bench `startup`). These are deep paths of the
 * undici version package.json pins; test/unit/undici-pool.test.ts checks they are what the index
 * exports, so that an upgrade which moves them fails there.
 */
import { createRequire } from 'node:module';
import type { Dispatcher, Pool as UndiciPool } from 'undici';

const load = createRequire(import.meta.url);

/** undici's `Pool`, as `import { Pool } from 'undici'` gives it. */
export const Pool = load('undici/lib/dispatcher/pool.js') as typeof UndiciPool;
export type Pool = UndiciPool;

const request = load('undici/lib/api/api-request.js') as (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

/** `pool.request(options)`: undici's index adds `request` to every dispatcher, which loading the pool alone does not. */
export function poolRequest(pool: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return request.call(pool, options);
}
