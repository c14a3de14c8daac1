/**
 * Gemini's long-running video generation (Veo), reached by translation from the OpenAI format:
 * - create: POST {base}/v1beta/models/{model}:predictLongRunning with
 *   `{ instances: [{ prompt, image? }], parameters: { aspectRatio, resolution, durationSeconds } }`,
 *   answered with an operation `{ name: "models/.../operations/..." }` (its name is the job's id);
 * - poll: GET {base}/v1beta/{operation name}: `done`, then `error` or
 *   `response.generateVideoResponse.generatedSamples[].video.uri`;
 * - content: GET that URI with the channel's key, only when it points at the channel's own origin
 *   (the key must never go anywhere else).
 * Auth: `x-goog-api-key`.
 */
import { Readable } from 'node:stream';
import { joinUrl } from '../../../shared/wire/providers/provider.js';
import { base64Of } from '../../media/streams.js';
import type { VideoRequest, VideoSize } from '../request.js';
import { MalformedAnswer, objectOf, type UpstreamJobState, type VideoUpstream } from './upstream.js';

/** Veo's durations, in seconds: a request for another length cannot be expressed. */
export const GEMINI_VIDEO_SECONDS = [4, 6, 8] as const;

/** OpenAI's sizes as Veo's aspect ratio and resolution. */
const SIZES: Record<VideoSize, { aspectRatio: string; resolution: string }> = {
  '1280x720': { aspectRatio: '16:9', resolution: '720p' },
  '720x1280': { aspectRatio: '9:16', resolution: '720p' },
  '1792x1024': { aspectRatio: '16:9', resolution: '1080p' },
  '1024x1792': { aspectRatio: '9:16', resolution: '1080p' },
};

/** A request the Gemini video API cannot take (another channel may). */
export class UntranslatableVideo extends Error {}

function headers(key: string, json: boolean): Record<string, string> {
  return { 'x-goog-api-key': key, accept: 'application/json', ...(json ? { 'content-type': 'application/json' } : {}) };
}

/**
 * The predictLongRunning body of an OpenAI-format request, streamed: JSON around the base64 of the
 * reference image, read from disk as it is sent.
 */
export function predictBody(request: VideoRequest): Readable {
  if (!(GEMINI_VIDEO_SECONDS as readonly number[]).includes(request.seconds)) {
    throw new UntranslatableVideo(`This model's channels make videos of ${GEMINI_VIDEO_SECONDS.join(', ')} seconds, not ${request.seconds}`);
  }
  const parameters = JSON.stringify({ ...SIZES[request.size], durationSeconds: request.seconds });
  const image = request.inputReference;
  async function* parts(): AsyncGenerator<Buffer> {
    yield Buffer.from(`{"instances":[{"prompt":${JSON.stringify(request.prompt)}`);
    if (image) {
      yield Buffer.from(`,"image":{"mimeType":${JSON.stringify(image.mimeType)},"bytesBase64Encoded":"`);
      yield* base64Of(image.path);
      yield Buffer.from('"}');
    }
    yield Buffer.from(`}],"parameters":${parameters}}`);
  }
  return Readable.from(parts(), { objectMode: false });
}

/** The state of a Gemini operation. */
function stateOf(answer: unknown): UpstreamJobState {
  const operation = objectOf(answer, 'The operation');
  if (operation.done !== true) return { status: 'in_progress', progress: 0 };
  if (operation.error !== undefined) {
    const error = objectOf(operation.error, 'The operation error');
    return { status: 'failed', progress: 100, error: { code: String(error.status ?? error.code ?? 'video_generation_failed'), message: String(error.message ?? 'The video could not be generated') } };
  }
  const response = objectOf(objectOf(operation.response ?? {}, 'The operation response').generateVideoResponse ?? {}, 'generateVideoResponse');
  const samples = Array.isArray(response.generatedSamples) ? response.generatedSamples : [];
  const video = samples.length > 0 ? objectOf(objectOf(samples[0], 'A generated sample').video ?? {}, 'A generated video') : undefined;
  if (typeof video?.uri !== 'string') {
    const reasons = Array.isArray(response.raiMediaFilteredReasons) ? response.raiMediaFilteredReasons.join(' ') : '';
    return { status: 'failed', progress: 100, error: { code: 'content_filtered', message: reasons || 'The upstream generated no video for this prompt' } };
  }
  return { status: 'completed', progress: 100, contentUri: video.uri };
}

/** Gemini (Veo) video channels. */
export const geminiVideos: VideoUpstream = {
  create(channel, key, upstreamModel, request) {
    const model = encodeURIComponent(upstreamModel.replace(/^models\//, ''));
    return { method: 'POST', url: joinUrl(channel.baseUrl, `/v1beta/models/${model}:predictLongRunning`), headers: headers(key, true), body: predictBody(request) };
  },
  created(answer) {
    const operation = objectOf(answer, 'The operation');
    if (typeof operation.name !== 'string' || !/^[\w./-]+$/.test(operation.name) || operation.name.split('/').includes('..')) throw new MalformedAnswer('the operation has no usable name');
    return { upstreamId: operation.name, state: stateOf(operation) };
  },
  poll: (channel, key, upstreamId) => ({ method: 'GET', url: joinUrl(channel.baseUrl, `/v1beta/${upstreamId}`), headers: headers(key, false) }),
  state: stateOf,
  content(channel, key, _upstreamId, state, variant) {
    if (variant !== 'video') return `This model makes no ${variant}; only the video can be downloaded`;
    if (!state.contentUri) return 'The upstream named no file for this video';
    const uri = new URL(state.contentUri);
    if (uri.origin !== new URL(channel.baseUrl ?? '').origin) return 'The upstream named its file at another address';
    return { method: 'GET', url: uri.toString(), headers: { 'x-goog-api-key': key } };
  },
};
