/**
 * The OpenAI image endpoints of the data plane, answered in the OpenAI format (errors included):
 *
 *   POST /v1/images/generations   JSON
 *   POST /v1/images/edits         multipart/form-data: `image` (or `image[]`, one or more), `mask`
 *
 * Authentication first (Bearer; 401 before a byte of the body is read), then the body (JSON up to
 * MAX_BODY_BYTES; an upload spooled to disk up to IMAGE_MAX_UPLOAD_BYTES; 413 beyond, the rest
 * unread: ../media/request-body.ts), the model
 * (404 unknown, 403 outside the key's allow-list, 400 not an image model), its parameters
 * (./request.ts), routing as for text (the token's groups and their formats: `images`, else
 * `Unsupported API format`; fallbacks; group health; rate limits, 429 before anything is
 * reserved), then the relay (./relay.ts).
 */
import type Koa from 'koa';
import type { RateLimitStage } from '../limits/rate-limit-stage.js';
import { GatewayError } from '../../shared/wire/errors.js';
import { usableGroups, type GroupUsable } from '../pipeline/candidates.js';
import { checkAllowList } from '../pipeline/resolve.js';
import { endpointRouter, endpointsOf } from '../pipeline/endpoint-router.js';
import type { Authenticated, Configured, RequestState, Stage, StageChain } from '../pipeline/state.js';
import type { ImageRelay } from './relay.js';
import { checkImageRequest, type ImageAction } from './request.js';
import type { SpooledForm } from '../media/uploads.js';
import { jsonBody, uploadBody } from '../media/request-body.js';

/** What the routes need. */
export interface ImageRoutesDeps {
  /** The stages every keyed request goes through first (configuration, authentication, in the OpenAI format). */
  keyed: StageChain<Keyed>;
  relay: ImageRelay;
  /** MAX_BODY_BYTES: a generation's JSON body. */
  maxBodyBytes: number;
  /** IMAGE_MAX_UPLOAD_BYTES: an edit's files together. */
  maxUploadBytes: number;
  /** UPLOAD_DIR: where an edit's files are spooled. */
  uploadDir: string;
  /** Group health: may `group` serve `model` now? */
  usable?: GroupUsable;
  /** The rate limits of the token, its account and the groups, as for text (an image request counts as a request). */
  limits?: Pick<RateLimitStage, 'around'>;
}

type Keyed = RequestState & Configured & Authenticated;

const PATHS: Readonly<Record<string, ImageAction>> = { '/v1/images/generations': 'generations', '/v1/images/edits': 'edits' };

type Ctx = Koa.ParameterizedContext<Keyed>;

/** The image routes as one middleware (other paths go on to `next`). */
export function imageRoutes(deps: ImageRoutesDeps): Koa.Middleware {
  const routes = endpointRouter();
  for (const [path, action] of Object.entries(PATHS)) routes.post(path, ...deps.keyed.then(imageRequest(deps, action)).stages);
  return endpointsOf(routes);
}

/** Last stage of an image endpoint: the body or upload, then {@link serve}. */
function imageRequest(deps: ImageRoutesDeps, action: ImageAction): Stage<Keyed> {
  return async (ctx) => {
    let form: SpooledForm | undefined;
    try {
      let fields: Record<string, unknown>;
      if (action === 'edits') {
        if (!ctx.is('multipart/form-data')) throw new GatewayError('invalid_request', 'Image edits take a multipart/form-data body');
        form = await uploadBody(ctx, deps.maxUploadBytes, deps.uploadDir);
        fields = form.fields;
      } else fields = jsonObject(await jsonBody(ctx, deps.maxBodyBytes));
      await serve(ctx, deps, action, fields, form);
    } finally {
      // The upload went upstream once the answer's headers came: its files are no longer needed.
      void form?.dispose();
    }
  };
}

/** A generation's JSON body as an object (400 otherwise, as OpenAI words it). */
function jsonObject(raw: Buffer): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new GatewayError('invalid_request', 'We could not parse the JSON body of your request. The OpenAI API expects a JSON payload');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new GatewayError('invalid_request', 'The request body must be a JSON object');
  return body as Record<string, unknown>;
}

/** Model, parameters, routing, relay. */
async function serve(ctx: Ctx, deps: ImageRoutesDeps, action: ImageAction, fields: Record<string, unknown>, form: SpooledForm | undefined): Promise<void> {
  const { token, runtime } = ctx.state;
  const id = fields.model;
  if (typeof id !== 'string' || id === '') throw new GatewayError('invalid_request', 'You must provide a model parameter', 400, { param: 'model' });
  const model = runtime.models.get(id);
  if (!model) throw new GatewayError('not_found', `The model '${id}' does not exist or is not served here`, 404, { param: 'model' });
  checkAllowList(token, model, id);
  if (model.kind !== 'image') throw new GatewayError('invalid_request', `The model '${id}' does not generate images`, 400, { param: 'model' });
  const request = checkImageRequest(action, model.id, fields, form?.files);
  const routes = usableGroups(runtime, token, model, 'images', deps.usable);
  const relay = (candidates: typeof routes) => deps.relay.serve(ctx, { requestId: ctx.state.requestId, token, runtime, model, request, candidates });
  if (!deps.limits) return relay(routes);
  await deps.limits.around(ctx, { requestId: ctx.state.requestId, token, candidates: routes, headersFormat: 'chat-completions' }, relay);
}
