import type Koa from 'koa';
import { GatewayError } from '../../shared/wire/errors.js';
import { required, type PipelineState } from './state.js';

/**
 * Stage: the model the request names (body `model`, or the generateContent path; `models/`
 * prefix allowed), aliases resolved, and the token's allow-list. An unknown model is a 404 as the
 * real APIs answer it (the Responses API says 400); a model outside the allow-list is a 403; an
 * image or video model priced only per unit is a 400 naming its endpoint.
 */
export function resolveModel(): Koa.Middleware<PipelineState> {
  return async (ctx, next) => {
    const route = required(ctx.state.route, 'route');
    if (route.action === 'models') return next();
    const body = required(ctx.state.body, 'body');
    const token = required(ctx.state.token, 'token');
    const named = route.action === 'generate' && route.pathModel !== undefined ? route.pathModel : (body.model as string);
    const id = named.replace(/^models\//, '');
    const model = required(ctx.state.runtime, 'runtime').models.get(id);
    if (!model) {
      const message = `The model '${id}' does not exist or is not served here`;
      throw route.format === 'responses' ? new GatewayError('invalid_request', message) : new GatewayError('not_found', message);
    }
    if (token.modelAllowList !== null && !token.modelAllowList.includes(model.id) && !token.modelAllowList.includes(id)) {
      throw new GatewayError('permission', `This API key may not use the model '${id}'`);
    }
    // A model priced only by the image or second has no price here: served as a conversation, it would be free.
    if (model.kind !== 'text' && model.prices.input == null && model.prices.output == null && model.prices.perRequest == null) {
      const endpoint = model.kind === 'image' ? '/v1/images/generations' : '/v1/videos';
      throw new GatewayError('invalid_request', `The model '${id}' is priced per ${model.kind === 'image' ? 'image' : 'second of video'}: call it at ${endpoint}`);
    }
    ctx.state.model = model;
    ctx.state.stream = route.action === 'generate' && (route.pathStream ?? body.stream === true);
    await next();
  };
}
