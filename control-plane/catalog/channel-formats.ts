import type { GroupFormat } from '../../shared/formats.js';
import { ChannelKind } from './channel.entity.js';

/** The channel kinds that serve each media endpoint (natively, or by translation for Gemini). */
const MEDIA_KINDS: Readonly<Record<'images' | 'videos', readonly ChannelKind[]>> = {
  images: [ChannelKind.OpenAI, ChannelKind.AzureOpenAI, ChannelKind.OpenAICompatible, ChannelKind.Gemini, ChannelKind.Demo],
  videos: [ChannelKind.OpenAI, ChannelKind.Gemini, ChannelKind.Demo],
};

/**
 * Can a channel of `kind` serve clients speaking `format`? Every kind serves every wire format:
 * formats other than the upstream's native one go through the data plane's translators. The
 * media endpoints are served by the kinds that have image or video models.
 */
export function canServe(kind: ChannelKind, format: GroupFormat): boolean {
  return format === 'images' || format === 'videos' ? MEDIA_KINDS[format].includes(kind) : true;
}
