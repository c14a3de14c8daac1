/**
 * Image requests translated to Gemini's generateContent with image output, and its answer back:
 * - request: the prompt as a text part, an edit's images (then its mask) as `inlineData` parts
 *   (base64 streamed from disk), `responseModalities` TEXT and IMAGE, the size as
 *   `imageConfig.aspectRatio`, `n` as `candidateCount`;
 * - answer: rewritten as it streams, by ./gemini-answer.ts.
 */
import { Readable } from 'node:stream';
import { geminiProvider } from '../../../shared/wire/providers/gemini/index.js';
import type { ImageRequest } from '../request.js';
import { base64Of } from '../../media/streams.js';
import type { ImageUpstream } from './upstream.js';

/** OpenAI sizes as Gemini aspect ratios (./profiles.ts lists the sizes a Gemini model takes). */
const ASPECT: Readonly<Record<string, string>> = {
  '1024x1024': '1:1',
  '1536x1024': '3:2',
  '1024x1536': '2:3',
  '1792x1024': '16:9',
  '1024x1792': '9:16',
  '1248x832': '3:2',
  '832x1248': '2:3',
  '1184x864': '4:3',
  '864x1184': '3:4',
};

/** The generateContent body, streamed: JSON around the base64 of each uploaded image. */
function requestBody(request: ImageRequest): Readable {
  const files = request.mask ? [...request.images, request.mask] : request.images;
  const generationConfig: Record<string, unknown> = { responseModalities: ['TEXT', 'IMAGE'] };
  if (request.n > 1) generationConfig.candidateCount = request.n;
  const aspectRatio = ASPECT[request.size];
  if (aspectRatio) generationConfig.imageConfig = { aspectRatio };
  const text = request.mask ? `${request.prompt}\n\nThe last image is a mask: edit only where it is transparent.` : request.prompt;
  async function* parts(): AsyncGenerator<Buffer> {
    yield Buffer.from(`{"contents":[{"role":"user","parts":[${JSON.stringify({ text })}`);
    for (const file of files) {
      const mimeType = file.mimeType.startsWith('image/') ? file.mimeType : 'image/png';
      yield Buffer.from(`,{"inlineData":{"mimeType":${JSON.stringify(mimeType)},"data":"`);
      yield* base64Of(file.path);
      yield Buffer.from('"}}');
    }
    yield Buffer.from(`]}],"generationConfig":${JSON.stringify(generationConfig)}}`);
  }
  return Readable.from(parts(), { objectMode: false });
}

/** Gemini image models, reached from the OpenAI images format. */
export const geminiImages: ImageUpstream = {
  format: 'generateContent',
  exchange: (channel, key, model, upstreamModel, request) => {
    const { url, headers } = geminiProvider.endpoint!({ channel, key, format: 'generateContent', model, upstreamModel, stream: false, body: Buffer.alloc(0), clientHeaders: {} });
    return { method: 'POST', url, headers, body: requestBody(request) };
  },
};
