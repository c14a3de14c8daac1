import type { WireFormat } from '../../shared/formats.js';
import type { ChannelKind } from '../../shared/snapshot/types.js';
import { canTranslate } from '../translate/registry.js';
import type { Provider } from './provider.js';
import { openaiProvider } from './openai/index.js';
import { openaiCompatibleProvider } from './openai-compatible/index.js';
import { azureOpenaiProvider } from './azure-openai/index.js';
import { anthropicProvider } from './anthropic/index.js';
import { geminiProvider } from './gemini/index.js';
import { demoProvider } from './demo/index.js';

const PROVIDERS: Record<ChannelKind, Provider> = {
  openai: openaiProvider,
  'openai-compatible': openaiCompatibleProvider,
  'azure-openai': azureOpenaiProvider,
  anthropic: anthropicProvider,
  gemini: geminiProvider,
  demo: demoProvider,
};

/** The provider of a channel kind. */
export function providerFor(kind: ChannelKind): Provider {
  return PROVIDERS[kind];
}

/**
 * The format to speak to a `kind` upstream for a `client`-format request: the client's own when
 * the upstream speaks it (pass-through), else the first native format a translator reaches;
 * undefined when none does.
 */
export function upstreamFormat(kind: ChannelKind, client: WireFormat): WireFormat | undefined {
  const formats = PROVIDERS[kind].formats;
  if (formats.includes(client)) return client;
  return formats.find((f) => canTranslate(client, f));
}
