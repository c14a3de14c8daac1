import type { IncomingMessage } from 'node:http';
import { GatewayError } from '../../shared/wire/errors.js';
import type { Configured, Stage, WithBody } from './state.js';
import { validateBody, type BodyAction } from './validate.js';
import { readBounded } from '../../shared/wire/bounded-body.js';
import { nestedDeeperThan } from '../http/json-depth.js';
import { closeLingering } from '../http/lingering-close.js';

/** True when the request announced a body (a length or chunked transfer) that nobody has read yet. */
function bodyUnread(req: IncomingMessage): boolean {
  const announced = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  return announced && !req.readableEnded;
}

/**
 * Stage, before authentication: a request refused before its body was read whole (no or a bad
 * key, a body over its limit, an upload refused) closes the connection after the answer, reading
 * and dropping at most a little more of the body first (../http/lingering-close.ts). Otherwise
 * Node would read and discard the rest of the body to keep the connection alive, so an anonymous
 * caller could still make us read it. The one place such refusals close their connection.
 */
export function closeWhenRefusedUnread(): Stage<Partial<WithBody>> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (ctx.state.rawBody === undefined && bodyUnread(ctx.req)) closeLingering(ctx.req, ctx.res);
      throw err;
    }
  };
}

/**
 * Stage: reads a POST body up to `maxBytes` (413 beyond, checked on Content-Length first and
 * while reading; the connection then closes: {@link closeWhenRefusedUnread}), requires a JSON
 * content type, refuses nesting deeper than `maxDepth` (400, before parsing: nothing after this
 * stage ever sees such a body), parses it (400 when it is not a JSON object) and validates it in
 * the client's format as a request for `action`.
 */
export function readBody(maxBytes: number, maxDepth: number, action: BodyAction): Stage<Configured, WithBody> {
  return async (ctx, next) => {
    const tooLarge = () => new GatewayError('too_large', `Request body is larger than the limit of ${maxBytes} bytes`);
    if (Number(ctx.get('content-length') || 0) > maxBytes) throw tooLarge();
    if (!ctx.is('application/json')) throw new GatewayError('invalid_request', "Content-Type must be 'application/json'");
    const raw = await readBounded(ctx.req, maxBytes);
    if (raw === undefined) throw tooLarge();
    if (nestedDeeperThan(raw, maxDepth)) throw new GatewayError('invalid_request', `The request body nests arrays and objects deeper than the limit of ${maxDepth} levels`);
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch (err) {
      throw new GatewayError('invalid_request', `The request body is not valid JSON: ${(err as Error).message}`);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new GatewayError('invalid_request', 'The request body must be a JSON object');
    const version = ctx.get('anthropic-version');
    validateBody(ctx.state.format, action, body as Record<string, unknown>, version === '' ? undefined : version);
    ctx.state.rawBody = raw;
    ctx.state.body = body as Record<string, unknown>;
    await next();
  };
}
