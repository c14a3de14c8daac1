import type { ChannelKind } from '../../snapshot/types.js';
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

