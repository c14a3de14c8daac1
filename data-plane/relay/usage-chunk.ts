/**
 * chat-completions streams always ask the upstream for `stream_options.include_usage` (metering
 * needs the final usage, or streams would go uncharged), but a client that did not ask must not
 * receive the extra usage-only chunk (`choices: []` with a `usage` object) it brings. This finds
 * that chunk among complete SSE events without parsing the others: only an event whose bytes
 * hold `"usage"` followed by an object is parsed (with include_usage every other chunk carries
 * `"usage":null`, which the byte check rejects).
 */
import { eventAround, type ByteRange } from '../../shared/wire/sse/event-around.js';
import { SseParser } from '../../shared/wire/sse/parse.js';

const USAGE = Buffer.from('"usage"');
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/** True when the event is a chat-completions chunk with no choices and a usage object. */
function isUsageOnly(event: Buffer): boolean {
  const [record] = SseParser.parseComplete(event);
  if (!record) return false;
  try {
    const data = JSON.parse(record.data) as { choices?: unknown; usage?: unknown };
    return Array.isArray(data.choices) && data.choices.length === 0 && typeof data.usage === 'object' && data.usage !== null;
  } catch {
    return false;
  }
}

/** Where the usage-only chunk lies in `events` (complete SSE events), if it is there. */
export function findUsageOnlyChunk(events: Buffer): ByteRange | undefined {
  for (let at = events.indexOf(USAGE); at !== -1; at = events.indexOf(USAGE, at + USAGE.length)) {
    let i = at + USAGE.length;
    while (isSpace(events[i])) i++;
    if (events[i] !== COLON) continue;
    i++;
    while (isSpace(events[i])) i++;
    if (events[i] !== OPEN_BRACE) continue;
    const event = eventAround(events, at);
    if (isUsageOnly(events.subarray(event.from, event.to))) return event;
  }
  return undefined;
}
