/**
 * How an image request goes to one kind of channel: natively in the OpenAI images format
 * (OpenAI, Azure OpenAI, OpenAI-compatible), or translated to Gemini's generateContent.
 */
import type { Readable } from 'node:stream';
import type { GroupFormat } from '../../../shared/formats.js';
import type { RuntimeChannel } from '../../../shared/snapshot/runtime-config.js';
import type { ImageRequest } from '../request.js';

/** One HTTP exchange with the upstream (its body made afresh for each attempt). */
export interface ImageExchange {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  body: Buffer | Readable;
}

/** A channel kind's way with image requests. */
export interface ImageUpstream {
  /** The format the upstream is spoken to in (usage records' `formatOut`). */
  readonly format: GroupFormat;
  /** The exchange for `request` under `key`, the model named `upstreamModel` upstream. */
  exchange(channel: RuntimeChannel, key: string, model: string, upstreamModel: string, request: ImageRequest): ImageExchange;
}
