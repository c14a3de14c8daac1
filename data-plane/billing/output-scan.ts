/**
 * Metering of pass-through streams without decoding or parsing them: a stream of a few hundred
 * small events would otherwise cost the data plane a UTF-8 decode, an SSE parse and a JSON.parse
 * per event, for a usage report that comes in one of them and a delivered-output count that only
 * matters when the stream is cut. The scan reads the raw bytes of complete events instead; the
 * events it cannot read exactly (one that may carry usage, or output it does not count by
 * itself) are left to the full parse (usage-tap.ts), which gives the same counts.
 *
 * Matching `"key"` followed by a colon is exact on JSON text: inside a string every quote is
 * escaped, so a quoted key can only be a key.
 */
import type { WireFormat } from '../../shared/formats.js';
import { eventAround } from '../sse/event-around.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** How a format's stream is scanned. */
interface ScanRule {
  /** Keys whose string values are output text (as usage-tap.ts eventOutputBytes counts them). */
  text: Buffer[];
  /** Keys whose object value means "parse these events": usage reports. */
  usage: Buffer[];
  /** Byte strings that mean "parse these events": output the scan does not count by itself. */
  parseIf: Buffer[];
}

const quoted = (keys: string[]) => keys.map((k) => Buffer.from(`"${k}"`));

const RULES: Record<WireFormat, ScanRule> = {
  // "content" outside choices[].delta (logprobs) is an array, never a string
  'chat-completions': { text: quoted(['content', 'reasoning_content', 'reasoning', 'arguments']), usage: quoted(['usage']), parseIf: [] },
  // a block's start may carry text that is not a delta
  messages: { text: quoted(['text', 'thinking', 'partial_json']), usage: quoted(['usage']), parseIf: [Buffer.from('content_block_start')] },
  // function-call arguments are an object, counted as their JSON text; grounding has "text" fields of its own
  generateContent: { text: quoted(['text']), usage: quoted(['usageMetadata']), parseIf: quoted(['functionCall', 'groundingMetadata']) },
  // only the *.delta events have a top-level string "delta"
  responses: { text: quoted(['delta']), usage: quoted(['usage']), parseIf: [] },
};

function skipSpace(buf: Buffer, i: number): number {
  while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x09 || buf[i] === 0x0a || buf[i] === 0x0d)) i++;
  return i;
}

/** Offset of the value of the `key` found at `at`, or -1 when no colon follows (not a key). */
function valueAt(buf: Buffer, key: Buffer, at: number): number {
  const colon = skipSpace(buf, at + key.length);
  return buf[colon] === COLON ? skipSpace(buf, colon + 1) : -1;
}

/** UTF-8 bytes of the unescaped string values of `key` in `buf`. */
function stringBytes(buf: Buffer, key: Buffer): number {
  let bytes = 0;
  for (let at = buf.indexOf(key); at !== -1; at = buf.indexOf(key, at + key.length)) {
    const start = valueAt(buf, key, at);
    if (start === -1 || buf[start] !== QUOTE) continue;
    let end = start + 1;
    let escaped = false;
    for (; end < buf.length && buf[end] !== QUOTE; end++) {
      if (buf[end] === BACKSLASH) {
        escaped = true;
        end++;
      }
    }
    // Raw bytes are the text's own UTF-8 bytes unless escapes (\n, \", \u00e9...) must be decoded.
    bytes += escaped ? Buffer.byteLength(JSON.parse(buf.toString('utf8', start, end + 1)) as string, 'utf8') : end - start - 1;
    at = end;
  }
  return bytes;
}

/**
 * The events of `events` (complete SSE events, raw) the scan cannot read: those that
 * may carry usage (a usage key holding an object) or output it does not count by itself. As
 * [start, end) offsets, in order, without overlaps; usually none, or the one usage event.
 */
export function unscannableEvents(format: WireFormat, events: Buffer): [number, number][] {
  const rule = RULES[format];
  const found: [number, number][] = [];
  const mark = (at: number) => {
    const { from, to } = eventAround(events, at);
    found.push([from, to]);
  };
  for (const key of rule.usage) {
    for (let at = events.indexOf(key); at !== -1; at = events.indexOf(key, at + key.length)) {
      if (events[valueAt(events, key, at)] === OPEN_BRACE) mark(at);
    }
  }
  for (const marker of rule.parseIf) {
    for (let at = events.indexOf(marker); at !== -1; at = events.indexOf(marker, at + marker.length)) mark(at);
  }
  found.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of found) {
    const last = merged[merged.length - 1];
    if (last && range[0] < last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push(range);
  }
  return merged;
}

/** Bytes of output text in `events` (complete SSE events, raw, none of them unscannable), read without decoding them. */
export function scanOutputBytes(format: WireFormat, events: Buffer): number {
  let bytes = 0;
  for (const key of RULES[format].text) bytes += stringBytes(events, key);
  return bytes;
}

/** Offset of the brace closing the object opened at `start`, or -1 when the text ends first. */
function objectEnd(buf: Buffer, start: number): number {
  let depth = 0;
  for (let i = start; i < buf.length; i++) {
    const c = buf[i];
    if (c === QUOTE) {
      for (i++; i < buf.length && buf[i] !== QUOTE; i++) if (buf[i] === BACKSLASH) i++;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return i;
  }
  return -1;
}

/**
 * The usage object of a complete (non-streamed) answer, read without parsing the whole answer:
 * the last object under the format's usage key (each format puts its usage after the content,
 * where a tool's arguments could hold a key of that name), parsed alone; null when there is none.
 */
export function scanBodyUsage(format: WireFormat, body: Buffer): Record<string, unknown> | null {
  const [key] = RULES[format].usage;
  for (let at = body.lastIndexOf(key); at !== -1; at = at === 0 ? -1 : body.lastIndexOf(key, at - 1)) {
    const start = valueAt(body, key, at);
    if (start === -1 || body[start] !== OPEN_BRACE) continue;
    const end = objectEnd(body, start);
    if (end === -1) return null;
    try {
      return JSON.parse(body.toString('utf8', start, end + 1)) as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  return null;
}
