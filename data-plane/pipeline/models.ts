/**
 * Stage: the model listings (docs/formats.md, "Model listings"): the models this key may use
 * (its allow-list, and served by its groups, or by the automatic-routing groups for a key without
 * groups, that speak the listing's formats), in the shape of the format that asked.
 */
import type Koa from 'koa';
import type { GroupFormat, WireFormat } from '../../shared/formats.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import type { RuntimeConfig, RuntimeModel } from '../../shared/snapshot/runtime-config.js';
import { GatewayError } from '../../shared/wire/errors.js';
import { pathParam } from './endpoint-router.js';
import type { Authenticated, Configured, Stage } from './state.js';

/**
 * The formats whose clients read a listing: the OpenAI shape serves chat-completions, Responses and
 * the media endpoints' clients alike (the OpenAI SDK calls GET /v1/models for all of them).
 */
const LISTED_FOR: Record<WireFormat, readonly GroupFormat[]> = {
  'chat-completions': ['chat-completions', 'responses', 'images', 'videos'],
  responses: ['chat-completions', 'responses', 'images', 'videos'],
  messages: ['messages'],
  generateContent: ['generateContent'],
};

/** May a group listing `format` serve `model` through it? The media endpoints serve their own kind of model only. */
function servesThrough(format: GroupFormat, model: RuntimeModel): boolean {
  if (format === 'images') return model.kind === 'image';
  if (format === 'videos') return model.kind === 'video';
  return true;
}

/** The distinct models `token` may call in a format of listing `format` (in id order). */
export function visibleModels(config: RuntimeConfig, token: TokenRecord, format: WireFormat): RuntimeModel[] {
  const groups = new Set(token.groups.length > 0 ? token.groups : [...config.groups.values()].filter((g) => g.autoRoute).map((g) => g.name));
  const formats = LISTED_FOR[format];
  const seen = new Map<string, RuntimeModel>();
  for (const model of config.models.values()) {
    if (seen.has(model.id)) continue;
    if (token.modelAllowList !== null && !token.modelAllowList.includes(model.id)) continue;
    if (model.routes.some((r) => groups.has(r.group.name) && r.group.formats.some((f) => formats.includes(f) && servesThrough(f, model)))) seen.set(model.id, model);
  }
  return [...seen.values()].sort((a, b) => a.id.localeCompare(b.id));
}

const EPOCH = '1970-01-01T00:00:00Z';

function modelObject(format: WireFormat, m: RuntimeModel): Record<string, unknown> {
  switch (format) {
    case 'messages':
      return { type: 'model', id: m.id, display_name: m.id, created_at: EPOCH };
    case 'generateContent':
      return {
        name: `models/${m.id}`,
        version: '001',
        displayName: m.id,
        inputTokenLimit: m.limits.contextTokens ?? undefined,
        outputTokenLimit: m.limits.maxOutputTokens ?? undefined,
        supportedGenerationMethods: ['generateContent', 'streamGenerateContent'],
      };
    default:
      return { id: m.id, object: 'model', created: 0, owned_by: m.vendor };
  }
}

function listBody(format: WireFormat, models: RuntimeModel[]): Record<string, unknown> {
  const data = models.map((m) => modelObject(format, m));
  if (format === 'messages') return { data, has_more: false, first_id: models[0]?.id ?? null, last_id: models.at(-1)?.id ?? null };
  if (format === 'generateContent') return { models: data };
  return { object: 'list', data };
}

/**
 * The listing format of GET /v1/models: Anthropic clients send `anthropic-version` (SDK 1.x also
 * uses Bearer auth, so the key header cannot tell them apart); Gemini-style keys ask for Gemini.
 */
export function listingFormat(ctx: Koa.ParameterizedContext): WireFormat {
  if (ctx.headers['anthropic-version'] !== undefined) return 'messages';
  if (ctx.headers['x-goog-api-key'] !== undefined || new URLSearchParams(ctx.querystring).has('key')) return 'generateContent';
  return 'chat-completions';
}

/** Last stage of GET /v1/models, /v1/models/{id}, /v1beta/models, /v1beta/models/{id}. */
export function listModels(): Stage<Configured & Authenticated> {
  return async (ctx) => {
    const { runtime, token, format } = ctx.state;
    const models = visibleModels(runtime, token, format);
    const named = pathParam(ctx, 'id');
    if (named === undefined) {
      ctx.body = listBody(format, models);
      return;
    }
    const id = named.replace(/^models\//, '');
    const model = models.find((m) => m.id === id || m.aliases.includes(id));
    if (!model) throw new GatewayError('not_found', `The model '${id}' does not exist`);
    ctx.body = modelObject(format, model);
  };
}
