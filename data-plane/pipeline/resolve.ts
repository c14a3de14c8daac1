import { GatewayError } from '../../shared/wire/errors.js';
import { pathParam } from './endpoint-router.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import type { RuntimeModel } from '../../shared/snapshot/runtime-config.js';
import type { Authenticated, Configured, RequestState, Resolved, Stage, WithBody } from './state.js';

/** Where an endpoint names the model and the stream mode. */
export type ModelSource =
  /** Body `model` and `stream` (generations of chat-completions, messages, responses). */
  | 'body'
  /** The path's `:model` and the method in it (generateContent, streamGenerateContent). */
  | { pathStream: boolean }
  /** Body `model`, never a stream (token counts). */
  | 'count';

/** 403 when `token`'s allow-list names neither `model` nor the name it was asked by (an alias). */
export function checkAllowList(token: TokenRecord, model: RuntimeModel, named: string): void {
  if (token.modelAllowList !== null && !token.modelAllowList.includes(model.id) && !token.modelAllowList.includes(named)) {
    throw new GatewayError('permission', `This API key may not use the model '${named}'`);
  }
}

/**
 * Stage: the model the request names (`models/` prefix allowed; see {@link ModelSource}),
 * aliases resolved, and the token's allow-list. An unknown model is a 404 as the real APIs
 * answer it (the Responses API says 400); a model outside the allow-list is a 403; an image or
 * video model priced only per unit is a 400 naming its endpoint.
 */
export function resolveModel(source: ModelSource): Stage<RequestState & Configured & Authenticated & WithBody, Resolved> {
  return async (ctx, next) => {
    const { body, token, runtime, format } = ctx.state;
    const named = typeof source === 'object' ? pathParam(ctx, 'model')! : (body.model as string);
    const id = named.replace(/^models\//, '');
    const model = runtime.models.get(id);
    if (!model) {
      const message = `The model '${id}' does not exist or is not served here`;
      throw format === 'responses' ? new GatewayError('invalid_request', message) : new GatewayError('not_found', message);
    }
    checkAllowList(token, model, id);
    // A model priced only by the image or second has no price here: served as a conversation, it would be free.
    if (model.kind !== 'text' && model.prices.input == null && model.prices.output == null && model.prices.perRequest == null) {
      const endpoint = model.kind === 'image' ? '/v1/images/generations' : '/v1/videos';
      throw new GatewayError('invalid_request', `The model '${id}' is priced per ${model.kind === 'image' ? 'image' : 'second of video'}: call it at ${endpoint}`);
    }
    ctx.state.model = model;
    ctx.state.stream = source === 'count' ? false : source === 'body' ? body.stream === true : source.pathStream;
    await next();
  };
}
