/**
 * POST /v1/videos as OpenAI defines it: a JSON body, or the multipart form the official SDKs
 * send (`prompt`, `model`, `seconds`, `size` as fields, `input_reference` as an uploaded image,
 * spooled to disk as it arrives: ../media/uploads.ts). Checked here, before any reservation or
 * upstream call: bad input is a 400 in the OpenAI shape.
 */
import { GatewayError } from '../../shared/wire/errors.js';
import { spoolBytes, type SpooledFile, type SpooledForm } from '../media/uploads.js';

/** The durations OpenAI's video API accepts, in seconds. */
export const VIDEO_SECONDS = [4, 8, 12] as const;
/** The resolutions it accepts, width x height. */
export const VIDEO_SIZES = ['720x1280', '1280x720', '1024x1792', '1792x1024'] as const;
/** What OpenAI assumes when a field is left out. */
export const VIDEO_DEFAULTS = { model: 'sora-2', seconds: 4, size: '720x1280' } as const;

/** One of {@link VIDEO_SIZES}. */
export type VideoSize = (typeof VIDEO_SIZES)[number];

/** A checked video creation request. */
export interface VideoRequest {
  model: string;
  prompt: string;
  seconds: number;
  size: VideoSize;
  /** The image the video starts from, on disk (read afresh for each channel tried). */
  inputReference?: SpooledFile;
}

/** A checked creation with what it spooled to disk. */
export interface ParsedVideo {
  request: VideoRequest;
  /** Deletes the spooled reference image, if any (call once the creation is done, however it ended). */
  dispose(): Promise<void>;
}

/** The form field of the reference image. */
const REFERENCE_FIELD = 'input_reference';

/** Longest prompt accepted (characters): far above what the upstreams take, short of abuse. */
const MAX_PROMPT_CHARS = 32_000;

/** A 400 in OpenAI's shape; `param` names the field at fault, as OpenAI's SDKs read it. */
const invalid = (message: string, param?: string) => new GatewayError('invalid_request', message, 400, { param });

/** A form field or JSON value as text (numbers as their decimal form), or undefined when absent. */
function text(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw invalid(`'${name}' must be a string`, name);
}

/** Checks the fields common to both encodings. */
function checked(fields: { model?: unknown; prompt?: unknown; seconds?: unknown; size?: unknown }): VideoRequest {
  const prompt = text(fields.prompt, 'prompt')?.trim();
  if (!prompt) throw invalid("Missing required parameter: 'prompt'", 'prompt');
  if (prompt.length > MAX_PROMPT_CHARS) throw invalid(`'prompt' is longer than ${MAX_PROMPT_CHARS} characters`, 'prompt');
  const model = text(fields.model, 'model') ?? VIDEO_DEFAULTS.model;
  if (model === '') throw invalid("'model' must not be empty", 'model');
  const secondsText = text(fields.seconds, 'seconds') ?? String(VIDEO_DEFAULTS.seconds);
  const seconds = Number(secondsText);
  if (!(VIDEO_SECONDS as readonly number[]).includes(seconds) || !/^\d+$/.test(secondsText)) {
    throw invalid(`Invalid value for 'seconds': '${secondsText}'. Supported values are: ${VIDEO_SECONDS.map((s) => `'${s}'`).join(', ')}`, 'seconds');
  }
  const size = text(fields.size, 'size') ?? VIDEO_DEFAULTS.size;
  if (!(VIDEO_SIZES as readonly string[]).includes(size)) {
    throw invalid(`Invalid value for 'size': '${size}'. Supported values are: ${VIDEO_SIZES.map((s) => `'${s}'`).join(', ')}`, 'size');
  }
  return { model, prompt, seconds, size: size as VideoSize };
}

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]+)$/i;

/** A JSON `input_reference`: an image given as a base64 data URL (file ids live upstream and cannot be relayed). */
function jsonReference(value: unknown): { data: Buffer; mimeType: string } | undefined {
  if (value === undefined || value === null) return undefined;
  const url = typeof value === 'object' ? (value as Record<string, unknown>).image_url : undefined;
  const match = typeof url === 'string' ? DATA_URL.exec(url) : null;
  if (!match) throw invalid("'input_reference' must be an uploaded image or { \"image_url\": \"data:image/...;base64,...\" }", 'input_reference');
  return { data: Buffer.from(match[2], 'base64'), mimeType: match[1].toLowerCase() };
}

/** Parses and checks a JSON creation request (its body, bounded by the caller); an inline reference image is spooled to disk, under `uploadDir`. */
export async function videoFromJson(raw: Buffer, uploadDir: string): Promise<ParsedVideo> {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch (err) {
    throw invalid(`The request body is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('The request body must be a JSON object');
  const fields = body as Record<string, unknown>;
  const request = checked(fields);
  const image = jsonReference(fields.input_reference);
  if (!image) return { request, dispose: async () => undefined };
  const form = await spoolBytes({ field: REFERENCE_FIELD, filename: 'reference', mimeType: image.mimeType }, image.data, uploadDir);
  return { request: { ...request, inputReference: form.files[0] }, dispose: form.dispose };
}

/** Checks a creation request sent as a multipart form (spooled by ../media/uploads.ts); disposes of the form when it is refused. */
export async function videoFromForm(form: SpooledForm): Promise<ParsedVideo> {
  try {
    const files = form.files.filter((f) => f.field === REFERENCE_FIELD);
    const other = form.files.find((f) => f.field !== REFERENCE_FIELD);
    if (other) throw invalid(`'${other.field}' must be a text field`, other.field);
    if (form.fields[REFERENCE_FIELD] !== undefined) throw invalid("'input_reference' must be an uploaded file", 'input_reference');
    if (files.length > 1) throw invalid("'input_reference' takes one image", 'input_reference');
    const reference = files[0];
    if (reference && !reference.mimeType.startsWith('image/')) throw invalid("'input_reference' must be an image", 'input_reference');
    const { model, prompt, seconds, size } = form.fields;
    return { request: { ...checked({ model, prompt, seconds, size }), ...(reference ? { inputReference: reference } : {}) }, dispose: form.dispose };
  } catch (err) {
    await form.dispose();
    throw err;
  }
}
