import type Koa from 'koa';
import type { WireFormat } from '../../shared/formats.js';
import type { RuntimeConfig } from '../../shared/snapshot/runtime-config.js';
import { GatewayError } from '../../shared/wire/errors.js';
import type { Configured, RequestState, Stage } from './state.js';

/** An endpoint's format, or how its requests' headers tell it (GET /v1/models). */
export type EndpointFormat = WireFormat | ((ctx: Koa.ParameterizedContext) => WireFormat);

/**
 * First stage of a keyed endpoint: sets the request's format (every later error is answered in
 * it: `format`, or what the request's headers tell) and takes the configuration in force for the
 * whole request; 503 while there is none yet.
 */
export function configure(runtime: () => RuntimeConfig | null, format: EndpointFormat): Stage<RequestState, Configured> {
  return async (ctx, next) => {
    ctx.state.format = typeof format === 'string' ? format : format(ctx);
    const config = runtime();
    if (!config) throw new GatewayError('unavailable', 'The gateway has no routing configuration yet; retry shortly');
    ctx.state.runtime = config;
    await next();
  };
}
