/**
 * The video endpoints' pure parts: signed job ids, the creation request (JSON and multipart), and
 * the Gemini translation both ways (predictLongRunning body, operation states).
 */
import { SecretBox } from '../../shared/crypto/secrets.js';
import { GatewayError } from '../../shared/wire/errors.js';
import { decodeVideoJobId, encodeVideoJobId } from '../../data-plane/video/job-id.js';
import { parseVideoRequest } from '../../data-plane/video/request.js';
import { geminiVideos, predictBody, UntranslatableVideo } from '../../data-plane/video/upstream/gemini.js';
import { openaiVideos } from '../../data-plane/video/upstream/openai.js';
import type { RuntimeChannel } from '../../shared/snapshot/runtime-config.js';

const box = new SecretBox('unit-test-secret-key-unit-test-secret-key');
const ref = { channelId: 'ch-1', upstreamId: 'models/veo-3/operations/abc', createdAt: 1_700_000_000 };

describe('job ids', () => {
  test('name the channel and upstream job for their account, and only for it', () => {
    const id = encodeVideoJobId(box, 'acct-a', ref);
    expect(id).toMatch(/^video_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(decodeVideoJobId(box, 'acct-a', id)).toEqual(ref);
    expect(decodeVideoJobId(box, 'acct-b', id)).toBeUndefined();
    expect(decodeVideoJobId(new SecretBox('another-secret-key-another-secret-key!!'), 'acct-a', id)).toBeUndefined();
  });

  test('an edited id does not verify', () => {
    const id = encodeVideoJobId(box, 'acct-a', ref);
    const [body, mac] = id.slice('video_'.length).split('.');
    const other = Buffer.from(JSON.stringify(['ch-2', ref.upstreamId, ref.createdAt])).toString('base64url');
    expect(decodeVideoJobId(box, 'acct-a', `video_${other}.${mac}`)).toBeUndefined();
    expect(decodeVideoJobId(box, 'acct-a', `video_${body}.${mac.slice(1)}`)).toBeUndefined();
    expect(decodeVideoJobId(box, 'acct-a', 'video_abc')).toBeUndefined();
    expect(decodeVideoJobId(box, 'acct-a', 'vid')).toBeUndefined();
  });
});

describe('creation requests', () => {
  const json = (body: unknown) => parseVideoRequest('application/json', Buffer.from(JSON.stringify(body)));
  const refused = async (body: unknown, message: string) => {
    const err = (await json(body).catch((e: unknown) => e)) as GatewayError;
    expect(err).toBeInstanceOf(GatewayError);
    expect([err.status, err.message]).toEqual([400, expect.stringContaining(message)]);
  };

  test('JSON: OpenAI defaults fill what is left out', async () => {
    expect(await json({ prompt: ' A cat ' })).toEqual({ model: 'sora-2', prompt: 'A cat', seconds: 4, size: '720x1280', inputReference: undefined });
    expect(await json({ model: 'm', prompt: 'p', seconds: 12, size: '1792x1024' })).toMatchObject({ model: 'm', seconds: 12, size: '1792x1024' });
  });

  test('JSON: a data-URL image as input_reference', async () => {
    const req = await json({ prompt: 'p', input_reference: { image_url: `data:image/png;base64,${Buffer.from('png').toString('base64')}` } });
    expect(req.inputReference).toEqual({ data: Buffer.from('png'), mimeType: 'image/png', filename: 'reference' });
    await refused({ prompt: 'p', input_reference: { file_id: 'file-1' } }, "'input_reference' must be");
  });

  test('refusals name the parameter and the values accepted', async () => {
    await refused({ model: 'm' }, "Missing required parameter: 'prompt'");
    await refused({ prompt: '   ' }, "Missing required parameter: 'prompt'");
    await refused({ prompt: 'p', seconds: '6' }, "Invalid value for 'seconds': '6'. Supported values are: '4', '8', '12'");
    await refused({ prompt: 'p', seconds: '4.0' }, "Invalid value for 'seconds'");
    await refused({ prompt: 'p', size: '1920x1080' }, "Invalid value for 'size': '1920x1080'");
    await refused({ prompt: { text: 'p' } }, "'prompt' must be a string");
  });

  test('multipart, as the SDK sends it, with an uploaded image', async () => {
    const form = new FormData();
    form.append('prompt', 'A boat');
    form.append('seconds', '8');
    form.append('input_reference', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'frame.jpg');
    const encoded = new Response(form);
    const req = await parseVideoRequest(encoded.headers.get('content-type')!, Buffer.from(await encoded.arrayBuffer()));
    expect(req).toMatchObject({ prompt: 'A boat', seconds: 8, inputReference: { data: Buffer.from([1, 2, 3]), mimeType: 'image/jpeg', filename: 'frame.jpg' } });
  });

  test('other content types are refused', async () => {
    await expect(parseVideoRequest('text/plain', Buffer.from('x'))).rejects.toMatchObject({ status: 400 });
  });
});

const channel = { id: 'c', kind: 'gemini', baseUrl: 'https://generativelanguage.example/', timeouts: { connectMs: 1, firstByteMs: 1, totalMs: 1 } } as RuntimeChannel;

describe('Gemini translation', () => {
  test('sizes become aspect ratio and resolution; seconds Veo cannot make are untranslatable', () => {
    expect(predictBody({ model: 'm', prompt: 'p', seconds: 8, size: '1280x720' })).toEqual({ instances: [{ prompt: 'p' }], parameters: { aspectRatio: '16:9', resolution: '720p', durationSeconds: 8 } });
    expect(predictBody({ model: 'm', prompt: 'p', seconds: 4, size: '1024x1792', inputReference: { data: Buffer.from('i'), mimeType: 'image/png', filename: 'f' } })).toEqual({
      instances: [{ prompt: 'p', image: { bytesBase64Encoded: Buffer.from('i').toString('base64'), mimeType: 'image/png' } }],
      parameters: { aspectRatio: '9:16', resolution: '1080p', durationSeconds: 4 },
    });
    expect(() => predictBody({ model: 'm', prompt: 'p', seconds: 12, size: '1280x720' })).toThrow(UntranslatableVideo);
  });

  test('operations read as OpenAI states', () => {
    expect(geminiVideos.created({ name: 'models/veo/operations/x1' })).toEqual({ upstreamId: 'models/veo/operations/x1', state: { status: 'in_progress', progress: 0 } });
    expect(() => geminiVideos.created({ name: 'models/../../v1/files' })).toThrow();
    const done = geminiVideos.state({ done: true, response: { generateVideoResponse: { generatedSamples: [{ video: { uri: 'https://generativelanguage.example/v1beta/files/x:download?alt=media' } }] } } });
    expect(done).toEqual({ status: 'completed', progress: 100, contentUri: 'https://generativelanguage.example/v1beta/files/x:download?alt=media' });
    expect(geminiVideos.state({ done: true, error: { code: 3, status: 'INVALID_ARGUMENT', message: 'blocked' } })).toMatchObject({ status: 'failed', error: { code: 'INVALID_ARGUMENT', message: 'blocked' } });
    expect(geminiVideos.state({ done: true, response: { generateVideoResponse: { raiMediaFilteredCount: 1, raiMediaFilteredReasons: ['Unsafe.'] } } })).toMatchObject({ status: 'failed', error: { code: 'content_filtered', message: 'Unsafe.' } });
  });

  test("the file is fetched with the channel's key only from the channel's own origin", () => {
    const state = { status: 'completed' as const, progress: 100, contentUri: 'https://generativelanguage.example/v1beta/files/x:download?alt=media' };
    expect(geminiVideos.content(channel, 'k', 'op', state, 'video')).toEqual({ method: 'GET', url: state.contentUri, headers: { 'x-goog-api-key': 'k' } });
    expect(geminiVideos.content(channel, 'k', 'op', { ...state, contentUri: 'https://evil.example/file' }, 'video')).toBe('The upstream named its file at another address');
    expect(typeof geminiVideos.content(channel, 'k', 'op', state, 'thumbnail')).toBe('string');
  });
});

describe('OpenAI video states', () => {
  test('are read from the Video object, the seconds made included', () => {
    expect(openaiVideos.state({ id: 'v', status: 'completed', progress: 100, seconds: '8', completed_at: 5, expires_at: 9, error: null })).toEqual({ status: 'completed', progress: 100, seconds: 8, completedAt: 5, expiresAt: 9, error: undefined });
    expect(openaiVideos.state({ id: 'v', status: 'failed', error: { code: 'moderation_blocked', message: 'no' } })).toMatchObject({ status: 'failed', error: { code: 'moderation_blocked', message: 'no' } });
    expect(() => openaiVideos.state({ id: 'v', status: 'exploded' })).toThrow();
  });
});
