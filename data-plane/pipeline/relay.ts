import type Koa from 'koa';
import type { Relay } from '../relay/relay.js';
import { required, type PipelineState } from './state.js';

/** Stage: relays a generation request (see relay/relay.ts) and leaves the outcome for metering. */
export function relayStage(relay: Relay): Koa.Middleware<PipelineState> {
  return async (ctx, next) => {
    const route = required(ctx.state.route, 'route');
    if (route.action !== 'generate') return next();
    ctx.state.relay = await relay.relay(ctx, {
      requestId: ctx.state.requestId,
      format: route.format,
      model: required(ctx.state.model, 'model'),
      body: required(ctx.state.body, 'body'),
      rawBody: required(ctx.state.rawBody, 'rawBody'),
      stream: required(ctx.state.stream, 'stream'),
      candidates: required(ctx.state.candidates, 'candidates'),
      clientHeaders: ctx.headers,
      observe: ctx.state.observe,
      graceEnd: ctx.state.graceEnd,
    });
    await next();
  };
}
