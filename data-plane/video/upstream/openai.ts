/**
 * OpenAI's video API, natively: POST /v1/videos (JSON, or multipart when a reference image goes
 * with it, streamed from disk), GET /v1/videos/{id}, GET /v1/videos/{id}/content?variant=... (Bearer auth).
 */
import { joinUrl } from '../../../shared/wire/providers/provider.js';
import { multipartBody } from '../../media/streams.js';
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

/** OpenAI video channels. */
export const openaiVideos: VideoUpstream = {
  create(channel, key, upstreamModel, request) {
    const url = joinUrl(channel.baseUrl, '/v1/videos');
    const fields = { model: upstreamModel, prompt: request.prompt, seconds: String(request.seconds), size: request.size };
    if (!request.inputReference) return { method: 'POST', url, headers: { ...auth(key), 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(fields)) };
    // The reference image streamed from disk as the form's file part.
    const { body, contentType } = multipartBody(fields, [request.inputReference]);
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
