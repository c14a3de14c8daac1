/**
 * The Gemini image answer rewritten into the OpenAI images answer as it streams
 * (data-plane/images/upstream/gemini-answer.ts): only `image/*` inline parts become images,
 * whichever of `mimeType` and `data` comes first, and each image's revised prompt is what its
 * candidate said up to the next image.
 */
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { GeminiImageAnswer } from '../../data-plane/images/upstream/gemini-answer.js';

const PNG = 'iVBORw0KGgo=';
const JPEG = '/9j/4AAQ';
const TEXT = Buffer.from('not an image').toString('base64');

/** `answer` rewritten, fed `size` bytes at a time: the OpenAI answer parsed, and the images counted. */
async function rewrite(answer: unknown, size: number): Promise<{ body: { data: { b64_json: string; revised_prompt?: string }[]; output_format: string }; images: number }> {
  const bytes = Buffer.from(JSON.stringify(answer));
  const chunks = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const rewritten = new GeminiImageAnswer(1, 1024 * 1024);
  const out = text(Readable.from(chunks).pipe(rewritten));
  await rewritten.started;
  return { body: JSON.parse(await out) as never, images: rewritten.images };
}

test('an inline part whose data comes before its mimeType is an image only when its type is image/*', async () => {
  const answer = {
    candidates: [
      {
        content: {
          parts: [
            { text: 'A document and a photo.' },
            { inlineData: { data: TEXT, mimeType: 'text/plain' } },
            { inline_data: { data: JPEG, mime_type: 'image/jpeg' } },
            { inlineData: { data: TEXT } },
          ],
        },
      },
    ],
    usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1290 },
  };
  for (const size of [1, 7, 1 << 16]) {
    const { body, images } = await rewrite(answer, size);
    expect(body.data).toEqual([{ b64_json: JPEG, revised_prompt: 'A document and a photo.' }]);
    expect(body.output_format).toBe('jpeg');
    expect(images).toBe(1);
  }
});

test('two images in one candidate: each has what the candidate said up to the next image, the last all of it', async () => {
  const answer = {
    candidates: [
      {
        content: {
          parts: [
            { text: 'First, a cat.' },
            { inlineData: { mimeType: 'image/png', data: PNG } },
            { text: 'Then a dog.' },
            { inlineData: { data: PNG, mimeType: 'image/png' } },
            { text: 'Both done.' },
          ],
        },
      },
    ],
  };
  const { body, images } = await rewrite(answer, 5);
  expect(body.data).toEqual([
    { b64_json: PNG, revised_prompt: 'First, a cat.\nThen a dog.' },
    { b64_json: PNG, revised_prompt: 'First, a cat.\nThen a dog.\nBoth done.' },
  ]);
  expect(images).toBe(2);
});

test('an image counts once its base64 begins on its way out: one the stream stops in the middle of is counted', async () => {
  const whole = JSON.stringify({ candidates: [{ content: { parts: [{ inlineData: { mimeType: 'image/png', data: PNG } }, { inlineData: { mimeType: 'image/png', data: 'AAAA'.repeat(100) } }] } }] });
  const rewritten = new GeminiImageAnswer(1, 1024 * 1024);
  const out: string[] = [];
  rewritten.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  // Up to the middle of the second image's data, and no further (a client gone, the rest unread).
  rewritten.write(whole.slice(0, whole.indexOf('AAAA') + 200));
  await rewritten.started;
  await new Promise((resolve) => setImmediate(resolve));
  expect(out.join('')).toMatch(/,\{"b64_json":"A{100,}$/);
  expect(rewritten.images).toBe(2);
  rewritten.destroy();
});

test('an answer whose only inline part is not an image is refused', async () => {
  const answer = { candidates: [{ finishReason: 'STOP', content: { parts: [{ inlineData: { data: TEXT, mimeType: 'text/plain' } }] } }] };
  const rewritten = new GeminiImageAnswer(1, 1024 * 1024);
  // The relay hears of it through `started`.
  rewritten.on('error', () => undefined);
  Readable.from([Buffer.from(JSON.stringify(answer))]).pipe(rewritten).resume();
  await expect(rewritten.started).rejects.toMatchObject({ status: 400, message: expect.stringContaining('made no image') });
});
