import { Readable } from 'node:stream';
import { GatewayError } from '../../shared/wire/errors.js';
import { ImagesTally, ResultTooLarge, usageIn } from '../../data-plane/images/answer-tally.js';
import { checkImageRequest } from '../../data-plane/images/request.js';
import { GeminiImageAnswer } from '../../data-plane/images/upstream/gemini-answer.js';
import { base64Of } from '../../data-plane/media/streams.js';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function refusal(call: () => unknown): { status: number; param: string | undefined; message: string } {
  try {
    call();
  } catch (err) {
    expect(err).toBeInstanceOf(GatewayError);
    const e = err as GatewayError;
    return { status: e.status, param: e.param, message: e.message };
  }
  throw new Error('accepted');
}

describe('image request checks', () => {
  test('defaults and accepted values per model', () => {
    expect(checkImageRequest('generations', 'gpt-image-1', { prompt: 'p' })).toMatchObject({ n: 1, size: 'auto', quality: 'auto', responseFormat: undefined });
    expect(checkImageRequest('generations', 'dall-e-3', { prompt: 'p', quality: 'hd', response_format: 'url', style: 'natural' })).toMatchObject({ size: '1024x1024', quality: 'hd', responseFormat: 'url' });
    // A form sends numbers as text.
    expect(checkImageRequest('generations', 'dall-e-2', { prompt: 'p', n: '10', size: '256x256' })).toMatchObject({ n: 10, size: '256x256' });
    expect(checkImageRequest('generations', 'my-flux', { prompt: 'p', size: '768x1344', quality: 'hd' })).toMatchObject({ size: '768x1344', quality: 'hd' });
  });

  test('refusals name the parameter, worded as OpenAI words them', () => {
    expect(refusal(() => checkImageRequest('generations', 'dall-e-3', { prompt: 'p', size: '1536x1024' }))).toEqual({
      status: 400,
      param: 'size',
      message: "Invalid value: '1536x1024'. Supported values are: '1024x1024', '1792x1024', and '1024x1792'.",
    });
    expect(refusal(() => checkImageRequest('generations', 'gpt-image-1', { prompt: 'p', n: 11 }))).toMatchObject({ param: 'n', message: "Invalid 'n': integer above maximum value. Expected a value <= 10, but got 11 instead." });
    expect(refusal(() => checkImageRequest('generations', 'gpt-image-1', { prompt: 'p', n: 1.5 }))).toMatchObject({ param: 'n' });
    expect(refusal(() => checkImageRequest('generations', 'gpt-image-1', { prompt: '' }))).toMatchObject({ param: 'prompt', message: "Missing required parameter: 'prompt'." });
    expect(refusal(() => checkImageRequest('generations', 'dall-e-3', { prompt: 'p', background: 'transparent' }))).toMatchObject({ param: 'background' });
    expect(refusal(() => checkImageRequest('generations', 'gpt-image-1', { prompt: 'p', output_format: 'gif' }))).toMatchObject({ param: 'output_format' });
    expect(refusal(() => checkImageRequest('generations', 'my-flux', { prompt: 'p', size: 'huge' }))).toMatchObject({ param: 'size' });
    expect(refusal(() => checkImageRequest('edits', 'gpt-image-1', { prompt: 'p', stream: 'true' }))).toMatchObject({ param: 'stream' });
    expect(refusal(() => checkImageRequest('edits', 'gpt-image-1', { prompt: 'p' }))).toMatchObject({ param: 'image', message: "Missing required parameter: 'image'." });
    const file = (field: string) => ({ field, filename: 'a.png', mimeType: 'image/png', path: '/nonexistent', bytes: 1 });
    expect(refusal(() => checkImageRequest('edits', 'dall-e-2', { prompt: 'p' }, [file('image'), file('image')]))).toMatchObject({ param: 'image' });
    expect(checkImageRequest('edits', 'gpt-image-1', { prompt: 'p' }, [file('image[]'), file('image[]'), file('mask')])).toMatchObject({ images: [{ field: 'image[]' }, { field: 'image[]' }], mask: { field: 'mask' } });
  });
});

describe('image answers', () => {
  test('the tally counts images across chunk boundaries, ignores escaped keys, and finds the usage', async () => {
    const answer = JSON.stringify({ created: 1, data: [{ b64_json: 'QUJD' }, { url: 'https://x/1.png', revised_prompt: 'say "url": and "b64_json"' }], usage: { input_tokens: 3, output_tokens: 7 } });
    for (const size of [1, 3, 7, 64]) {
      const tally = new ImagesTally(10_000);
      const chunks = Array.from({ length: Math.ceil(answer.length / size) }, (_, i) => Buffer.from(answer.slice(i * size, (i + 1) * size)));
      let out = '';
      for await (const chunk of Readable.from(chunks).pipe(tally)) out += String(chunk);
      expect(out).toBe(answer);
      expect(tally.images).toBe(2);
      expect(tally.usage()).toEqual({ input_tokens: 3, output_tokens: 7 });
    }
    const small = new ImagesTally(10);
    await expect(async () => {
      for await (const _ of Readable.from([Buffer.from(answer)]).pipe(small)) void _;
    }).rejects.toThrow(ResultTooLarge);
    expect(usageIn('{"data":[]}')).toBeNull();
  });

  /** A Gemini answer through the streaming rewrite, `size` bytes at a time: the OpenAI answer, or the error it ended with. */
  async function translated(answer: unknown, size: number, maxBytes = 1 << 30): Promise<{ body: unknown; images: number; usageMetadata: unknown }> {
    const text = Buffer.from(typeof answer === 'string' ? answer : JSON.stringify(answer));
    const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.subarray(i * size, (i + 1) * size));
    const rewrite = new GeminiImageAnswer(42, maxBytes);
    const out = Readable.from(chunks).pipe(rewrite).toArray();
    out.catch(() => undefined);
    await rewrite.started;
    const body = JSON.parse(Buffer.concat(await out).toString('utf8')) as unknown;
    return { body, images: rewrite.images, usageMetadata: rewrite.usageMetadata };
  }

  const twoCandidates = {
    candidates: [
      { content: { parts: [{ text: 'thinking', thought: true }, { text: 'A "kite".' }, { inlineData: { mimeType: 'image/webp', data: 'AAAA' } }] }, finishReason: 'STOP' },
      { content: { parts: [{ inline_data: { data: 'BBBB', mime_type: 'image/webp' } }, { text: 'Said after.' }] } },
    ],
    usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 2580, thoughtsTokenCount: 10 },
  };

  test('a Gemini answer becomes OpenAI image items as it streams, whatever the chunk boundaries', async () => {
    for (const size of [1, 2, 3, 7, 64, 1 << 20]) {
      const made = await translated(twoCandidates, size);
      expect(made.images).toBe(2);
      expect(made.body).toEqual({
        created: 42,
        data: [
          { b64_json: 'AAAA', revised_prompt: 'A "kite".' },
          { b64_json: 'BBBB', revised_prompt: 'Said after.' },
        ],
        output_format: 'webp',
        usage: { input_tokens: 5, output_tokens: 2590, total_tokens: 2595 },
      });
      expect(made.usageMetadata).toEqual(twoCandidates.usageMetadata);
    }
  });

  test('inline parts that are not images are dropped; an answer without an image is a 400 saying why, before anything is answered', async () => {
    const mixed = { candidates: [{ content: { parts: [{ inlineData: { mimeType: 'audio/wav', data: 'UklG' } }, { inlineData: { mimeType: 'image/png', data: 'iVBO' } }] } }] };
    expect((await translated(mixed, 5)).body).toMatchObject({ data: [{ b64_json: 'iVBO' }], output_format: 'png' });
    // Escapes in the base64 string pass through as written, and read as the same text.
    const escaped = String.raw`{"candidates":[{"content":{"parts":[{"inlineData":{"mimeType":"image/png","data":"ab\/c"}}]}}]}`;
    expect((await translated(escaped, 3)).body).toMatchObject({ data: [{ b64_json: 'ab/c' }] });
    await expect(translated({ candidates: [{ finishReason: 'IMAGE_SAFETY', content: { parts: [] } }] }, 4)).rejects.toMatchObject({ status: 400, message: 'The model made no image: finish reason IMAGE_SAFETY' });
    await expect(translated({ promptFeedback: { blockReason: 'SAFETY' } }, 4)).rejects.toMatchObject({ message: expect.stringContaining('the prompt was blocked (SAFETY)') });
  });

  test('a malformed, cut or oversized answer fails before the first image', async () => {
    await expect(translated('{"candidates":[{"content":{"parts":[{"text":"x"},', 8)).rejects.toBeInstanceOf(SyntaxError);
    await expect(translated('{"candidates": nope}', 8)).rejects.toBeInstanceOf(SyntaxError);
    await expect(translated(twoCandidates, 16, 40)).rejects.toBeInstanceOf(ResultTooLarge);
  });

  test('base64 of a file streamed from disk equals the whole file encoded at once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'b64-'));
    try {
      const bytes = Buffer.from(Array.from({ length: 200_003 }, (_, i) => (i * 7) % 256));
      await writeFile(join(dir, 'f'), bytes);
      const parts: Buffer[] = [];
      for await (const part of base64Of(join(dir, 'f'))) parts.push(part);
      expect(parts.length).toBeGreaterThan(1);
      expect(Buffer.concat(parts).toString()).toBe(bytes.toString('base64'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
