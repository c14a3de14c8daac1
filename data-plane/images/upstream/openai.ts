/**
 * The OpenAI images API, natively: the client's fields go on unchanged but for `model` (the
 * upstream's name for it). Generations are JSON; edits multipart, the files streamed from disk.
 * OpenAI and OpenAI-compatible channels: `{base}/v1/images/...` with a Bearer key; Azure OpenAI:
 * `{base}/openai/deployments/{deployment}/images/...?api-version=` with an `api-key` header.
 */
import { joinUrl } from '../../../shared/wire/providers/provider.js';
import { azureDeployment, DEFAULT_AZURE_API_VERSION } from '../../../shared/wire/providers/azure-openai/index.js';
import type { RuntimeChannel } from '../../../shared/snapshot/runtime-config.js';
import type { ImageRequest } from '../request.js';
import { multipartBody } from '../../media/streams.js';
import type { ImageExchange, ImageUpstream } from './upstream.js';

/** A form field's text (forms carry strings; a JSON body's numbers and booleans are spelled out). */
function formValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function exchangeAt(url: string, auth: Record<string, string>, upstreamModel: string, request: ImageRequest, withModel: boolean): ImageExchange {
  const fields: Record<string, unknown> = { ...request.fields };
  if (withModel) fields.model = upstreamModel;
  else delete fields.model;
  if (request.action === 'generations') {
    return { method: 'POST', url, headers: { ...auth, 'content-type': 'application/json', accept: 'application/json' }, body: Buffer.from(JSON.stringify(fields)) };
  }
  const text = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, formValue(v)]));
  const { body, contentType } = multipartBody(text, request.mask ? [...request.images, request.mask] : request.images);
  return { method: 'POST', url, headers: { ...auth, 'content-type': contentType, accept: 'application/json' }, body };
}

/** OpenAI and OpenAI-compatible image channels. */
export const openaiImages: ImageUpstream = {
  format: 'images',
  exchange: (channel, key, _model, upstreamModel, request) =>
    exchangeAt(joinUrl(channel.baseUrl, `/v1/images/${request.action}`), { authorization: `Bearer ${key}` }, upstreamModel, request, true),
};

/** Azure OpenAI image deployments (the deployment names the model, so `model` is not sent). */
export const azureImages: ImageUpstream = {
  format: 'images',
  exchange: (channel: RuntimeChannel, key, model, upstreamModel, request) => {
    const version = encodeURIComponent(channel.azure?.apiVersion ?? DEFAULT_AZURE_API_VERSION);
    const deployment = encodeURIComponent(azureDeployment({ channel, model, upstreamModel }));
    const url = joinUrl(channel.baseUrl, `/openai/deployments/${deployment}/images/${request.action}?api-version=${version}`);
    return exchangeAt(url, { 'api-key': key }, upstreamModel, request, false);
  },
};
