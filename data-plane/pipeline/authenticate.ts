import type Koa from 'koa';
import { lruCache } from '../../shared/lru.js';
import { sha256Hex } from '../../shared/crypto/secrets.js';
import type { WireFormat } from '../../shared/formats.js';
import type { TokenCache } from '../auth/token-cache.js';
import { GatewayError, redisUnavailable } from '../../shared/wire/errors.js';
import type { Authenticated, Stage } from './state.js';

/** Options of {@link authenticate}. */
export interface AuthenticateOptions {
  /** Epoch milliseconds, for expiry (injectable for tests). */
  now?: () => number;
}

/** Anything that can be one of our keys: `sk-` and base62; longer input is refused unread. */
const KEY_SHAPE = /^sk-[0-9A-Za-z]{1,200}$/;

/** Most key hashes one authentication stage keeps (the least recently used go first). */
const KEY_HASH_CACHE_SIZE = 10_000;

const HOW_TO_SEND: Record<WireFormat, string> = {
  'chat-completions': 'send it as "Authorization: Bearer sk-..."',
  responses: 'send it as "Authorization: Bearer sk-..."',
  messages: 'send it in the "x-api-key" header (or as "Authorization: Bearer sk-...")',
  generateContent: 'send it in the "x-goog-api-key" header or the "key" query parameter',
};

/** The parts of a request a key is read from. */
type KeySource = Pick<Koa.ParameterizedContext, 'get' | 'querystring'>;

function bearer(ctx: KeySource): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
}

/**
 * The key as the format's clients send it (docs/formats.md, "Endpoints and keys"): Bearer for
 * the OpenAI formats; `x-api-key` or Bearer (SDK 1.x) for messages; `x-goog-api-key` or `?key=` for
 * generateContent. A key taken from the query string is removed from it, so no later stage logs or
 * forwards it.
 */
export function extractKey(ctx: KeySource, format: WireFormat): string | undefined {
  switch (format) {
    case 'chat-completions':
    case 'responses':
      return bearer(ctx);
    case 'messages':
      return ctx.get('x-api-key').trim() || bearer(ctx);
    case 'generateContent': {
      const header = ctx.get('x-goog-api-key').trim();
      const query = new URLSearchParams(ctx.querystring);
      const fromQuery = query.get('key')?.trim();
      if (query.has('key')) {
        query.delete('key');
        ctx.querystring = query.toString();
      }
      return header || fromQuery || undefined;
    }
  }
}

/**
 * The authentication stage: finds the key in the request (the way of `ctx.state.format`), resolves
 * its token record through `cache`, and puts it on `ctx.state.token`. Refusals, in the caller's format:
 * no key or an unknown key -> 401; an expired token -> 401 (the key is no longer a valid
 * credential, as OpenAI and new-api answer for keys past their life); a disabled token -> 403
 * (the key is known but may not be used); a key that cannot be checked (Redis unreachable and the
 * key unknown here) -> 503. Keys are never logged or echoed.
 */
export function authenticate(cache: TokenCache, options: AuthenticateOptions = {}): Stage<{ format: WireFormat }, Authenticated> {
  const now = options.now ?? Date.now;
  // The same few keys come again and again; hashing each request's key again is a measurable cost.
  const hashes = lruCache<string, string>(KEY_HASH_CACHE_SIZE);
  const keyHash = (key: string) => {
    let hash = hashes.get(key);
    if (hash === undefined) hashes.set(key, (hash = sha256Hex(key)));
    return hash;
  };
  return async (ctx, next) => {
    const format = ctx.state.format;
    const key = extractKey(ctx, format);
    if (!key) throw new GatewayError('authentication', `Missing API key: ${HOW_TO_SEND[format]}`);
    const record = KEY_SHAPE.test(key) ? await cache.lookup(keyHash(key)).catch(() => Promise.reject(redisUnavailable('your API key'))) : null;
    if (!record) throw new GatewayError('authentication', 'Invalid API key');
    if (record.expiresAt !== null && record.expiresAt <= now()) throw new GatewayError('authentication', 'This API key has expired');
    if (record.status !== 'active') throw new GatewayError('permission', 'This API key is disabled');
    ctx.state.token = record;
    await next();
  };
}
