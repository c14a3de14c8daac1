/**
 * StreamEvent -> SSE bytes, in the client's format (docs/formats.md, "Event streams").
 * Translators produce events; only this file knows about `data:` prefixes.
 */
import type { WireFormat } from '../../formats.js';
import type { StreamEvent } from '../translate/translator.js';

/** Formats whose events carry an `event:` line; the Anthropic SDK drops events without one. */
const NAMED_EVENTS: ReadonlySet<WireFormat> = new Set<WireFormat>(['messages', 'responses']);

function eventName(event: StreamEvent): string | undefined {
  if (event.event !== undefined) return event.event;
  const data = event.data;
  // Anthropic and Responses payloads repeat their event name as `type`.
  if (typeof data === 'object' && data !== null && 'type' in data && typeof data.type === 'string') return data.type;
  return undefined;
}

/** The SSE text of one event: `data: <json>\n\n`, with `event: <name>\n` first for named-event formats. */
export function frameEventText(format: WireFormat, event: StreamEvent): string {
  // '[DONE]' is the chat terminator and goes out verbatim; everything else is JSON (one line).
  const data = event.data === '[DONE]' ? '[DONE]' : JSON.stringify(event.data ?? null);
  const name = NAMED_EVENTS.has(format) ? eventName(event) : undefined;
  return name === undefined ? `data: ${data}\n\n` : `event: ${name}\ndata: ${data}\n\n`;
}

/** {@link frameEventText} as UTF-8 bytes, ready to write to the client socket. */
export function frameEvent(format: WireFormat, event: StreamEvent): Buffer {
  return Buffer.from(frameEventText(format, event), 'utf8');
}
