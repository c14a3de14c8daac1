/**
 * Image requests translated to Gemini's generateContent with image output, and its answer back:
 * - request: the prompt as a text part, an edit's images (then its mask) as `inlineData` parts
 *   (base64 streamed from disk), `responseModalities` TEXT and IMAGE, the size as
 *   `imageConfig.aspectRatio`, `n` as `candidateCount`;
 * - answer: every `inlineData` image part of every candidate becomes one `data` item
 *   (`b64_json`), the text parts the `revised_prompt`; `usageMetadata` becomes `usage`. An answer
 *   without an image (a safety block, `NO_IMAGE`) is the client's 400, charged nothing.
 */
import { Readable } from 'node:stream';
import { geminiProvider } from '../../../shared/wire/providers/gemini/index.js';
import { GatewayError } from '../../../shared/wire/errors.js';
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

/** What a Gemini answer made, in the OpenAI images format. */
export interface TranslatedImages {
  body: Record<string, unknown>;
  images: number;
  /** Gemini's `usageMetadata`, for the usage record and token prices. */
  usageMetadata: unknown;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The OpenAI images answer of a generateContent answer; throws the client's error when it holds no image. */
export function imagesFromGemini(answer: unknown, createdAt: number): TranslatedImages {
  const root = record(answer);
  const data: Record<string, unknown>[] = [];
  const texts: string[] = [];
  let mimeType: string | undefined;
  let finish: string | undefined;
  for (const candidate of Array.isArray(root.candidates) ? root.candidates : []) {
    const c = record(candidate);
    if (typeof c.finishReason === 'string') finish ??= c.finishReason;
    const made: Record<string, unknown>[] = [];
    const said: string[] = [];
    for (const part of Array.isArray(record(c.content).parts) ? (record(c.content).parts as unknown[]) : []) {
      const p = record(part);
      const inline = record(p.inlineData ?? p.inline_data);
      const type = inline.mimeType ?? inline.mime_type;
      if (typeof inline.data === 'string' && typeof type === 'string' && type.startsWith('image/')) {
        mimeType ??= type;
        made.push({ b64_json: inline.data });
      } else if (typeof p.text === 'string' && p.thought !== true) said.push(p.text);
    }
    // What the model said beside its image, as OpenAI's revised prompt of that image.
    if (said.length) for (const item of made) item.revised_prompt = said.join('\n');
    data.push(...made);
    texts.push(...said);
  }
  if (data.length === 0) {
    const blocked = record(root.promptFeedback).blockReason;
    const why = typeof blocked === 'string' ? `the prompt was blocked (${blocked})` : `finish reason ${finish ?? 'none'}`;
    throw new GatewayError('invalid_request', `The model made no image: ${why}${texts.length ? `: ${texts.join(' ').slice(0, 300)}` : ''}`, 400, { param: 'prompt' });
  }
  const usage = record(root.usageMetadata);
  const input = Number(usage.promptTokenCount ?? 0);
  const output = Number(usage.candidatesTokenCount ?? 0) + Number(usage.thoughtsTokenCount ?? 0);
  const body: Record<string, unknown> = {
    created: createdAt,
    data,
    output_format: mimeType?.replace('image/', '') ?? 'png',
    usage: { input_tokens: input, output_tokens: output, total_tokens: input + output },
  };
  return { body, images: data.length, usageMetadata: root.usageMetadata ?? null };
}
