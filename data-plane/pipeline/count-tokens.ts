import type Koa from 'koa';
import { required, type PipelineState } from './state.js';

/**
 * Stage: POST /v1/messages/count_tokens, answered locally with an estimate (about 4 bytes of
 * prompt JSON per token), so clients that size their context before sending keep working on
 * every channel kind without an upstream round trip.
 */
export function countTokens(): Koa.Middleware<PipelineState> {
  return async (ctx, next) => {
    const route = required(ctx.state.route, 'route');
    if (route.action !== 'count_tokens') return next();
    const body = required(ctx.state.body, 'body');
    const prompt = JSON.stringify([body.system ?? null, body.messages, body.tools ?? null]);
    ctx.body = { input_tokens: Math.max(1, Math.ceil(Buffer.byteLength(prompt) / 4)) };
  };
}
