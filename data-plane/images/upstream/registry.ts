import type { ChannelKind } from '../../../shared/snapshot/types.js';
import { geminiImages } from './gemini.js';
import { azureImages, openaiImages } from './openai.js';
import type { ImageUpstream } from './upstream.js';

const UPSTREAMS: Partial<Record<ChannelKind, ImageUpstream>> = {
  openai: openaiImages,
  'openai-compatible': openaiImages,
  'azure-openai': azureImages,
  gemini: geminiImages,
};

/** How image requests reach a channel of `kind`, or undefined when it makes no images (Anthropic, the demo). */
export function imageUpstreamFor(kind: ChannelKind): ImageUpstream | undefined {
  return UPSTREAMS[kind];
}
