import type { WireFormat } from '../../shared/formats.js';
import type { ChannelKind } from './channel.entity.js';

/**
 * Can a channel of `kind` serve clients speaking `format`? Every kind serves every format today:
 * formats other than the upstream's native one go through the data plane's translators. This is
 * the single place to tighten when a format pair has no translator.
 */
export function canServe(_kind: ChannelKind, _format: WireFormat): boolean {
  return true;
}
