import type { ChannelKind } from '../../../shared/snapshot/types.js';
import { geminiVideos } from './gemini.js';
import { openaiVideos } from './openai.js';
import type { VideoUpstream } from './upstream.js';

/** The channel kinds that make videos, each with its video API. */
const VIDEO_UPSTREAMS: Partial<Record<ChannelKind, VideoUpstream>> = {
  openai: openaiVideos,
  gemini: geminiVideos,
};

/** The video API of a channel kind, or undefined when its channels make no videos. */
export function videoUpstreamFor(kind: ChannelKind): VideoUpstream | undefined {
  return VIDEO_UPSTREAMS[kind];
}
