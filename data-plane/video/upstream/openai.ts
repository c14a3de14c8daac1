/**
 * OpenAI's video API, natively: POST /v1/videos (JSON, or multipart when a reference image goes
 * with it), GET /v1/videos/{id}, GET /v1/videos/{id}/content?variant=... (Bearer auth).
 */
import { joinUrl } from '../../../shared/wire/providers/provider.js';
import type { VideoRequest } from '../request.js';
import { MalformedAnswer, objectOf, type UpstreamJobState, type VideoStatus, type VideoUpstream } from './upstream.js';

const STATUSES: readonly VideoStatus[] = ['queued', 'in_progress', 'completed', 'failed'];

function auth(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}`, accept: 'application/json' };
}

/** The state in an OpenAI Video object. */
function stateOf(answer: unknown): UpstreamJobState {
  const video = objectOf(answer, 'The video');
  const status = video.status as VideoStatus;
  if (!STATUSES.includes(status)) throw new MalformedAnswer(`unknown video status ${JSON.stringify(video.status)}`);
  const error = typeof video.error === 'object' && video.error !== null ? (video.error as Record<string, unknown>) : undefined;
  const seconds = Number(video.seconds);
  return {
    status,
    progress: typeof video.progress === 'number' ? Math.max(0, Math.min(100, video.progress)) : status === 'completed' ? 100 : 0,
    seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
    error: status === 'failed' ? { code: String(error?.code ?? 'video_generation_failed'), message: String(error?.message ?? 'The video could not be generated') } : undefined,
    completedAt: typeof video.completed_at === 'number' ? video.completed_at : undefined,
    expiresAt: typeof video.expires_at === 'number' ? video.expires_at : undefined,
  };
}

/** The multipart form of a request with a reference image, encoded by the platform's FormData. */
async function multipart(fields: Record<string, string>, request: VideoRequest): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const image = request.inputReference!;
  form.append('input_reference', new Blob([new Uint8Array(image.data)], { type: image.mimeType }), image.filename);
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

/** OpenAI video channels. */
export const openaiVideos: VideoUpstream = {
  async create(channel, key, upstreamModel, request) {
    const url = joinUrl(channel.baseUrl, '/v1/videos');
    const fields = { model: upstreamModel, prompt: request.prompt, seconds: String(request.seconds), size: request.size };
    if (!request.inputReference) return { method: 'POST', url, headers: { ...auth(key), 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(fields)) };
    const { body, contentType } = await multipart(fields, request);
    return { method: 'POST', url, headers: { ...auth(key), 'content-type': contentType }, body };
  },
  created(answer) {
    const video = objectOf(answer, 'The created video');
    if (typeof video.id !== 'string' || video.id === '') throw new MalformedAnswer('the created video has no id');
    return { upstreamId: video.id, state: stateOf(video) };
  },
  poll: (channel, key, upstreamId) => ({ method: 'GET', url: joinUrl(channel.baseUrl, `/v1/videos/${encodeURIComponent(upstreamId)}`), headers: auth(key) }),
  state: stateOf,
  content(channel, key, upstreamId, _state, variant) {
    const url = joinUrl(channel.baseUrl, `/v1/videos/${encodeURIComponent(upstreamId)}/content?variant=${encodeURIComponent(variant)}`);
    return { method: 'GET', url, headers: { authorization: `Bearer ${key}`, accept: 'application/binary' } };
  },
};
