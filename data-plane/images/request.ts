/**
 * An image request (POST /v1/images/generations, JSON; POST /v1/images/edits, multipart), checked
 * against what its model takes (./profiles.ts) with OpenAI's own wording and `param`, before any
 * reservation or upstream call.
 */
import { GatewayError } from '../../shared/wire/errors.js';
import { ANY_QUALITY, imageProfile, type ImageProfile } from './profiles.js';
import type { SpooledFile } from '../media/uploads.js';

/** Which image endpoint. */
export type ImageAction = 'generations' | 'edits';

/** A checked image request. */
export interface ImageRequest {
  action: ImageAction;
  prompt: string;
  n: number;
  /** The size asked for, or the model's default. */
  size: string;
  /** The quality asked for, or the model's default (undefined: the model has none). */
  quality: string | undefined;
  /** `url` or `b64_json` (undefined: the model's own default). */
  responseFormat: string | undefined;
  /** `png`, `jpeg` or `webp` (GPT image models). */
  outputFormat: string | undefined;
  background: string | undefined;
  /**
   * The request's fields as the client sent them (JSON values, or form strings), to pass on to an
   * OpenAI-format upstream with only `model` rewritten.
   */
  fields: Record<string, unknown>;
  /** Edits: the images, then the optional mask. */
  images: SpooledFile[];
  mask: SpooledFile | undefined;
}

const OUTPUT_FORMATS = ['png', 'jpeg', 'webp'];
const BACKGROUNDS = ['transparent', 'opaque', 'auto'];
const STYLES = ['vivid', 'natural'];
const SIZE = /^(auto|[1-9]\d{1,4}x[1-9]\d{1,4})$/;
/** Longest prompt OpenAI takes (GPT image models; dall-e-3 takes 4,000, dall-e-2 1,000). */
const MAX_PROMPT = 32_000;

function invalid(param: string, message: string): GatewayError {
  return new GatewayError('invalid_request', message, 400, { param });
}

/** "'a', 'b', and 'c'", as OpenAI lists supported values. */
function listed(values: readonly string[]): string {
  const quoted = values.map((v) => `'${v}'`);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')}, and ${quoted.at(-1)}`;
}

function oneOf(param: string, value: unknown, allowed: readonly string[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw invalid(param, `Invalid value: '${String(value)}'. Supported values are: ${listed(allowed)}.`);
  }
  return value;
}

/** A value the model does not take at all. */
function unsupported(param: string, value: unknown, model: string): void {
  if (value !== undefined && value !== null) throw invalid(param, `Unknown parameter: '${param}' is not supported with model '${model}'.`);
}

/** `n` as a whole number (a form sends it as text). */
function count(value: unknown, max: number): number {
  if (value === undefined || value === null) return 1;
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw invalid('n', `Invalid type for 'n': expected an integer, but got ${JSON.stringify(value)} instead.`);
  if (n < 1) throw invalid('n', `Invalid 'n': integer below minimum value. Expected a value >= 1, but got ${n} instead.`);
  if (n > max) throw invalid('n', `Invalid 'n': integer above maximum value. Expected a value <= ${max}, but got ${n} instead.`);
  return n;
}

/**
 * Checks `fields` (a JSON body, or the text fields of a form) and `files` for `model` (our model
 * id, which decides the profile); throws the 400 OpenAI would answer.
 */
export function checkImageRequest(action: ImageAction, model: string, fields: Record<string, unknown>, files: SpooledFile[] = []): ImageRequest {
  const profile: ImageProfile = imageProfile(model);
  const prompt = fields.prompt;
  if (prompt === undefined || prompt === null || prompt === '') throw invalid('prompt', "Missing required parameter: 'prompt'.");
  if (typeof prompt !== 'string') throw invalid('prompt', "Invalid type for 'prompt': expected a string.");
  if (prompt.length > MAX_PROMPT) throw invalid('prompt', `Invalid 'prompt': string too long. Expected a string with maximum length ${MAX_PROMPT}, but got a string with length ${prompt.length} instead.`);
  // Streamed partial images would be counted (and charged) as images: answers come whole here.
  if (fields.stream === true || fields.stream === 'true') throw invalid('stream', 'Streaming image generation is not supported here: send the request without stream.');
  const n = count(fields.n, profile.maxN);
  const sizeValue = fields.size;
  let size = profile.defaultSize;
  if (sizeValue !== undefined && sizeValue !== null) {
    if (profile.sizes) size = oneOf('size', sizeValue, profile.sizes)!;
    else if (typeof sizeValue === 'string' && SIZE.test(sizeValue)) size = sizeValue;
    else throw invalid('size', `Invalid value: '${String(sizeValue)}'. A size is 'auto' or WIDTHxHEIGHT in pixels, e.g. '1024x1024'.`);
  }
  const quality = oneOf('quality', fields.quality, profile.qualities ?? ANY_QUALITY) ?? profile.defaultQuality;
  let responseFormat: string | undefined;
  if (profile.responseFormats.length === 0) unsupported('response_format', fields.response_format, model);
  else responseFormat = oneOf('response_format', fields.response_format, profile.responseFormats);
  let outputFormat: string | undefined;
  let background: string | undefined;
  if (profile.formats) {
    outputFormat = oneOf('output_format', fields.output_format, OUTPUT_FORMATS);
    background = oneOf('background', fields.background, BACKGROUNDS);
  } else {
    unsupported('output_format', fields.output_format, model);
    unsupported('background', fields.background, model);
  }
  if (profile.style) oneOf('style', fields.style, STYLES);
  else unsupported('style', fields.style, model);
  const images = files.filter((f) => f.field === 'image' || f.field === 'image[]');
  const mask = files.find((f) => f.field === 'mask');
  if (action === 'edits') {
    if (profile.maxEditImages === 0) throw invalid('model', `The model '${model}' does not edit images.`);
    if (images.length === 0) throw invalid('image', "Missing required parameter: 'image'.");
    if (images.length > profile.maxEditImages) throw invalid('image', `Invalid 'image': too many images. Expected at most ${profile.maxEditImages}, but got ${images.length} instead.`);
  }
  return { action, prompt, n, size, quality, responseFormat, outputFormat, background, fields, images, mask };
}
