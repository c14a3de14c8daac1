/**
 * The video endpoints' parts below HTTP: signed job ids, the creation request (JSON and multipart,
 * the reference image spooled to disk), and the Gemini translation both ways (predictLongRunning
 * body, operation states).
 */
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { SecretBox } from '../../shared/crypto/secrets.js';
import { GatewayError } from '../../shared/wire/errors.js';
import { decodeVideoJobId, encodeVideoJobId } from '../../data-plane/video/job-id.js';
import { spoolBytes, spoolMultipart } from '../../data-plane/media/uploads.js';
import { videoFromForm, videoFromJson } from '../../data-plane/video/request.js';
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
  const json = async (body: unknown) => (await videoFromJson(Buffer.from(JSON.stringify(body)), tmpdir())).request;
  const refused = async (body: unknown, message: string) => {
    const err = (await json(body).catch((e: unknown) => e)) as GatewayError;
    expect(err).toBeInstanceOf(GatewayError);
    expect([err.status, err.message]).toEqual([400, expect.stringContaining(message)]);
  };
  /** The form the SDK sends, spooled as the route spools it. */
  const spooled = async (form: FormData) => {
    const encoded = new Response(form);
    return spoolMultipart({ 'content-type': encoded.headers.get('content-type')! }, Readable.from(Buffer.from(await encoded.arrayBuffer())), 1024 * 1024, tmpdir());
  };

  test('JSON: OpenAI defaults fill what is left out', async () => {
    expect(await json({ prompt: ' A cat ' })).toEqual({ model: 'sora-2', prompt: 'A cat', seconds: 4, size: '720x1280' });
    expect(await json({ model: 'm', prompt: 'p', seconds: 12, size: '1792x1024' })).toMatchObject({ model: 'm', seconds: 12, size: '1792x1024' });
  });

  test('JSON: a data-URL image as input_reference, spooled to disk until disposed of', async () => {
    const parsed = await videoFromJson(Buffer.from(JSON.stringify({ prompt: 'p', input_reference: { image_url: `data:image/png;base64,${Buffer.from('png').toString('base64')}` } })), tmpdir());
    const image = parsed.request.inputReference!;
    expect(image).toMatchObject({ field: 'input_reference', mimeType: 'image/png', filename: 'reference', bytes: 3 });
    expect(await readFile(image.path)).toEqual(Buffer.from('png'));
    await parsed.dispose();
    await expect(readFile(image.path)).rejects.toMatchObject({ code: 'ENOENT' });
    await refused({ prompt: 'p', input_reference: { file_id: 'file-1' } }, "'input_reference' must be");
  });

  test('refusals name the parameter and the values accepted', async () => {
    await refused({ model: 'm' }, "Missing required parameter: 'prompt'");
    await refused({ prompt: '   ' }, "Missing required parameter: 'prompt'");
    await refused({ prompt: 'p', seconds: '6' }, "Invalid value for 'seconds': '6'. Supported values are: '4', '8', '12'");
    await refused({ prompt: 'p', seconds: '4.0' }, "Invalid value for 'seconds'");
    await refused({ prompt: 'p', size: '1920x1080' }, "Invalid value for 'size': '1920x1080'");
    await refused({ prompt: { text: 'p' } }, "'prompt' must be a string");
    await expect(videoFromJson(Buffer.from('{"prompt":'), tmpdir())).rejects.toMatchObject({ status: 400, message: expect.stringContaining('not valid JSON') });
  });

  test('multipart, as the SDK sends it, with an uploaded image kept on disk', async () => {
    const form = new FormData();
    form.append('prompt', 'A boat');
    form.append('seconds', '8');
    form.append('input_reference', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'frame.jpg');
    const parsed = await videoFromForm(await spooled(form));
    expect(parsed.request).toMatchObject({ prompt: 'A boat', seconds: 8, inputReference: { mimeType: 'image/jpeg', filename: 'frame.jpg', bytes: 3 } });
    expect(await readFile(parsed.request.inputReference!.path)).toEqual(Buffer.from([1, 2, 3]));
    await parsed.dispose();
  });

  test('multipart refusals: a file that is not an image, or where a text field belongs; the spooled files are deleted', async () => {
    const notImage = new FormData();
    notImage.append('prompt', 'p');
    notImage.append('input_reference', new Blob([new Uint8Array([1])], { type: 'text/plain' }), 'a.txt');
    const form = await spooled(notImage);
    await expect(videoFromForm(form)).rejects.toMatchObject({ status: 400, message: "'input_reference' must be an image" });
    await expect(readFile(form.files[0].path)).rejects.toMatchObject({ code: 'ENOENT' });
    const fileAsPrompt = new FormData();
    fileAsPrompt.append('prompt', new Blob([new Uint8Array([1])], { type: 'image/png' }), 'p.png');
    await expect(videoFromForm(await spooled(fileAsPrompt))).rejects.toMatchObject({ status: 400, message: "'prompt' must be a text field" });
  });
});

const channel = { id: 'c', kind: 'gemini', baseUrl: 'https://generativelanguage.example/', timeouts: { connectMs: 1, firstByteMs: 1, totalMs: 1 } } as RuntimeChannel;

describe('Gemini translation', () => {
  test('sizes become aspect ratio and resolution; the reference image goes as base64 from disk; seconds Veo cannot make are untranslatable', async () => {
    const body = async (request: Parameters<typeof predictBody>[0]) => JSON.parse(Buffer.concat(await predictBody(request).toArray()).toString('utf8')) as unknown;
    expect(await body({ model: 'm', prompt: 'p "quoted"', seconds: 8, size: '1280x720' })).toEqual({ instances: [{ prompt: 'p "quoted"' }], parameters: { aspectRatio: '16:9', resolution: '720p', durationSeconds: 8 } });
    const image = Buffer.from(Array.from({ length: 100_001 }, (_, i) => (i * 13) % 256));
    const form = await spoolBytes({ field: 'input_reference', filename: 'f.png', mimeType: 'image/png' }, image, tmpdir());
    try {
      expect(await body({ model: 'm', prompt: 'p', seconds: 4, size: '1024x1792', inputReference: form.files[0] })).toEqual({
        instances: [{ prompt: 'p', image: { bytesBase64Encoded: image.toString('base64'), mimeType: 'image/png' } }],
        parameters: { aspectRatio: '9:16', resolution: '1080p', durationSeconds: 4 },
      });
    } finally {
      await form.dispose();
    }
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
