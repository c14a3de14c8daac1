/**
 * The OpenAI video endpoints of the data plane, answered in the OpenAI format (errors included):
 *
 *   POST /v1/videos                create a job (JSON or multipart)
 *   GET  /v1/videos                the caller's jobs, newest first (`limit`, `after`, `order`)
 *   GET  /v1/videos/{id}           a job's status and progress
 *   GET  /v1/videos/{id}/content   the finished file (`variant`), streamed through
 *
 * Authentication and routing as for text requests: the key (Bearer), the token's groups and
 * their formats (`videos`: `Unsupported API format` otherwise), its model allow-list, fallback
 * groups, group health, rate limits (a creation is a request; polls and downloads are not counted).
 */
import type Koa from 'koa';
import type { RuntimeModel } from '../../shared/snapshot/runtime-config.js';
import { GatewayError } from '../../shared/wire/errors.js';
import { usableGroups, type GroupUsable } from '../pipeline/candidates.js';
import { checkAllowList } from '../pipeline/resolve.js';
import { endpointRouter, endpointsOf, pathParam } from '../pipeline/endpoint-router.js';
import type { Authenticated, Configured, RequestState, Stage, StageChain } from '../pipeline/state.js';
import type { RateLimitStage } from '../limits/rate-limit-stage.js';
import { jsonBody, uploadBody } from '../media/request-body.js';
import type { VideoJobs } from './jobs.js';
import { videoFromForm, videoFromJson, type ParsedVideo, type VideoRequest } from './request.js';

/** What the routes need. */
export interface VideoRoutesDeps {
  /** The stages every keyed request goes through first (configuration, authentication, in the OpenAI format). */
  keyed: StageChain<Keyed>;
  jobs: VideoJobs;
  /** MAX_BODY_BYTES: a JSON creation's body. */
  maxBodyBytes: number;
  /** IMAGE_MAX_UPLOAD_BYTES: a multipart creation's reference image. */
  maxUploadBytes: number;
  /** UPLOAD_DIR: where a reference image is spooled. */
  uploadDir: string;
  /** Group health: may `group` serve `model` now (`others`: whether other groups may be left)? */
  usable?: GroupUsable;
  /** The rate limits of the token, its account and the groups, as for text (a creation counts as a request). */
  limits?: Pick<RateLimitStage, 'around'>;
}

type Keyed = RequestState & Configured & Authenticated;

/** What a creation leaves for the request observer. */
interface Created {
  model: RuntimeModel;
}

const VARIANTS = ['video', 'thumbnail', 'spritesheet'];

type Ctx = Koa.ParameterizedContext<Keyed & Partial<Created>>;

/** The video routes as one middleware (other paths go on to `next`). */
export function videoRoutes(deps: VideoRoutesDeps): Koa.Middleware {
  const endpoint = (serve: Stage<Keyed, Created>) => deps.keyed.then(serve).stages;
  const routes = endpointRouter()
    .post(
      '/v1/videos',
      ...endpoint(async (ctx) => {
        ctx.body = await create(ctx, deps);
      }),
    )
    .get(
      '/v1/videos',
      ...endpoint(async (ctx) => {
        ctx.body = await deps.jobs.list(ctx.state.token, page(ctx.query));
      }),
    )
    .get(
      '/v1/videos/:id',
      ...endpoint(async (ctx) => {
        ctx.body = await deps.jobs.retrieve(ctx.state.token, ctx.state.runtime, pathParam(ctx, 'id')!);
      }),
    )
    .get(
      '/v1/videos/:id/content',
      ...endpoint((ctx) => download(ctx, deps, pathParam(ctx, 'id')!)),
    );
  return endpointsOf(routes);
}

/** POST /v1/videos: the request (its reference image spooled to disk, deleted once the job was started or refused), then {@link start}. */
async function create(ctx: Ctx, deps: VideoRoutesDeps): Promise<Record<string, unknown>> {
  let parsed: ParsedVideo;
  if (ctx.is('multipart/form-data')) parsed = await videoFromForm(await uploadBody(ctx, deps.maxUploadBytes, deps.uploadDir));
  else if (ctx.is('application/json')) parsed = await videoFromJson(await jsonBody(ctx, deps.maxBodyBytes), deps.uploadDir);
  else throw new GatewayError('invalid_request', "Content-Type must be 'application/json' or 'multipart/form-data'");
  try {
    return await start(ctx, deps, parsed.request);
  } finally {
    void parsed.dispose();
  }
}

/** The model, routing and rate limits of a checked creation, then the job. */
async function start(ctx: Ctx, deps: VideoRoutesDeps, request: VideoRequest): Promise<Record<string, unknown>> {
  const { token, runtime } = ctx.state;
  const model = runtime.models.get(request.model);
  if (!model) throw new GatewayError('not_found', `The model '${request.model}' does not exist or is not served here`);
  checkAllowList(token, model, request.model);
  if (model.kind !== 'video') throw new GatewayError('invalid_request', `The model '${request.model}' does not make videos`);
  ctx.state.model = model;
  // As for text: groups where the model is unavailable serve only when no other group is left.
  const routes = usableGroups(runtime, token, model, 'videos', deps.usable);
  const begin = (candidates: typeof routes) => deps.jobs.create({ requestId: ctx.state.requestId, token, runtime, model, request: { ...request, model: model.id }, candidates });
  const created = deps.limits ? await deps.limits.around(ctx, { requestId: ctx.state.requestId, token, candidates: routes, headersFormat: 'chat-completions' }, begin) : await begin(routes);
  ctx.set('x-meridian-group', created.group);
  ctx.set('x-meridian-channel-kind', created.channelKind);
  return created.video;
}

/** GET /v1/videos/{id}/content: the upstream's bytes as they come. */
async function download(ctx: Ctx, deps: VideoRoutesDeps, id: string): Promise<void> {
  const variant = typeof ctx.query.variant === 'string' ? ctx.query.variant : 'video';
  if (!VARIANTS.includes(variant)) throw new GatewayError('invalid_request', `Invalid value for 'variant': '${variant}'. Supported values are: ${VARIANTS.map((v) => `'${v}'`).join(', ')}`);
  const file = await deps.jobs.content(ctx.state.token, ctx.state.runtime, id, variant);
  ctx.status = 200;
  ctx.type = file.type;
  if (file.length !== undefined) ctx.length = Number(file.length);
  ctx.body = file.body;
}

/** The list's paging: `limit` 1-100 (default 20), `after` a job id, `order` `desc` (default) or `asc`. */
function page(query: Ctx['query']): { after?: string; limit: number; order: 'asc' | 'desc' } {
  const limitText = typeof query.limit === 'string' ? query.limit : '20';
  const limit = Number(limitText);
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > 100) throw new GatewayError('invalid_request', `Invalid value for 'limit': '${limitText}'. It must be a whole number from 1 to 100`);
  const order = typeof query.order === 'string' ? query.order : 'desc';
  if (order !== 'asc' && order !== 'desc') throw new GatewayError('invalid_request', `Invalid value for 'order': '${order}'. Supported values are: 'asc', 'desc'`);
  return { after: typeof query.after === 'string' && query.after !== '' ? query.after : undefined, limit, order };
}
