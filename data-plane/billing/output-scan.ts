/**
 * Metering of pass-through streams without decoding or parsing them: a stream of a few hundred
 * small events would otherwise cost the data plane a UTF-8 decode, an SSE parse and a JSON.parse
 * per event, for a usage report that comes in one of them and a delivered-output count that only
 * matters when the stream is cut. The scan reads the raw bytes of complete events instead, in one
 * pass over each batch (a search per key and event costs more than the reading: most events are
 * one short delta); the events it cannot read exactly (one that may carry usage, or output it
 * does not count by itself) are left to the full parse (usage-tap.ts), which gives the same counts.
 *
 * Reading the quoted strings one after the other is exact on JSON text: inside a string every
 * quote is escaped, so the scan always knows whether a byte is inside a string, and a string
 * followed by a colon is a key.
 */
import type { WireFormat } from '../../shared/formats.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const LF = 0x0a;
const CR = 0x0d;
const LOWER_U = 0x75;

/** How a format's stream is scanned. */
interface ScanRule {
  /** Keys whose string values are output text (as usage-tap.ts eventOutputBytes counts them). */
  text: Buffer[];
  /** Keys whose object value means "parse this event": usage reports. */
  usage: Buffer[];
  /** Strings (keys or values) that mean "parse this event": output the scan does not count by itself. */
  parseIf: Buffer[];
}

const words = (keys: string[]) => keys.map((k) => Buffer.from(k));

const RULES: Record<WireFormat, ScanRule> = {
  // "content" outside choices[].delta (logprobs) is an array, never a string
  'chat-completions': { text: words(['content', 'reasoning_content', 'reasoning', 'arguments']), usage: words(['usage']), parseIf: [] },
  // a block's start may carry text that is not a delta
  messages: { text: words(['text', 'thinking', 'partial_json']), usage: words(['usage']), parseIf: words(['content_block_start']) },
  // function-call arguments are an object, counted as their JSON text; grounding has "text" fields of its own
  generateContent: { text: words(['text']), usage: words(['usageMetadata']), parseIf: words(['functionCall', 'groundingMetadata']) },
  // only the *.delta events have a top-level string "delta"
  responses: { text: words(['delta']), usage: words(['usage']), parseIf: [] },
};

/** The usage key of each format, quoted (a whole answer is searched for it from its end). */
const QUOTED_USAGE_KEY = Object.fromEntries(Object.entries(RULES).map(([format, rule]) => [format, Buffer.from(`"${rule.usage[0].toString()}"`)])) as Record<WireFormat, Buffer>;

function skipSpace(buf: Buffer, i: number): number {
  while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x09 || buf[i] === LF || buf[i] === CR)) i++;
  return i;
}

/** Offset of the value of the `key` found at `at`, or -1 when no colon follows (not a key). */
function valueAt(buf: Buffer, key: Buffer, at: number): number {
  const colon = skipSpace(buf, at + key.length);
  return buf[colon] === COLON ? skipSpace(buf, colon + 1) : -1;
}

/** Spaces and tabs only: inside an SSE data line (a line break ends the line, and any string). */
function skipInline(buf: Buffer, i: number): number {
  while (buf[i] === 0x20 || buf[i] === 0x09) i++;
  return i;
}

/** Whether `buf[start, end)` is one of `list`. */
function isOneOf(buf: Buffer, start: number, end: number, list: readonly Buffer[]): boolean {
  const length = end - start;
  for (const word of list) {
    if (word.length !== length) continue;
    let i = 0;
    while (i < length && buf[start + i] === word[i]) i++;
    if (i === length) return true;
  }
  return false;
}

/** Offset of the quote closing the string opened at `at` (the quote's offset), or -1 when a line break or the end comes first. */
function stringEnd(buf: Buffer, at: number): number {
  for (let i = at + 1; i < buf.length; i++) {
    const c = buf[i];
    if (c > BACKSLASH) continue; // most of any text
    if (c === QUOTE) return i;
    if (c === BACKSLASH) i++;
    else if (c === LF || c === CR) return -1;
  }
  return -1;
}

function hexDigit(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** The code unit of the four hex digits at `i`, or -1 when they are not four hex digits. */
function hexAt(buf: Buffer, i: number): number {
  let unit = 0;
  for (let k = 0; k < 4; k++) {
    const digit = hexDigit(buf[i + k]);
    if (digit === -1) return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/**
 * UTF-8 bytes of the string between the quotes at `open` and `close`, unescaped: raw bytes count
 * as they are, an escape as the character it stands for (\uXXXX as its UTF-8 length, a surrogate
 * pair 4, a lone surrogate 3 like U+FFFD), as utf8ByteLength counts the parsed string.
 */
function unescapedBytes(buf: Buffer, open: number, close: number): number {
  let bytes = 0;
  for (let i = open + 1; i < close; i++) {
    if (buf[i] !== BACKSLASH) {
      bytes++;
      continue;
    }
    i++;
    if (buf[i] !== LOWER_U) {
      bytes++;
      continue;
    }
    const unit = hexAt(buf, i + 1);
    i += 4;
    if (unit < 0x80) bytes += 1; // (a malformed \u too: counted as one character)
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && buf[i + 1] === BACKSLASH && buf[i + 2] === LOWER_U && isLowSurrogate(hexAt(buf, i + 3))) {
      bytes += 4;
      i += 6;
    } else bytes += 3;
  }
  return bytes;
}

/** End offset of the blank line starting at `i` (LF, CRLF or CR framing), or -1 when none starts there. */
function blankLineEnd(buf: Buffer, i: number): number {
  if (buf[i] === LF) return buf[i + 1] === LF ? i + 2 : -1;
  if (buf[i + 1] === CR) return i + 2;
  return buf[i + 1] === LF && buf[i + 2] === CR && buf[i + 3] === LF ? i + 4 : -1;
}

/** What a scan of complete SSE events found. */
export interface EventScan {
  /** Bytes of output text in the events the scan could read. */
  outputBytes: number;
  /** The events it could not read, as [start, end) offsets, in order, without overlaps: usually none, or the one usage event. */
  unscannable: readonly (readonly [number, number])[];
}

/** The unscannable events of most scans (one array for all: a stream is scanned chunk by chunk). */
const NONE_UNSCANNABLE: EventScan['unscannable'] = Object.freeze([]);

/**
 * What the scans of one stream remember from batch to batch: the bytes its events start with, up
 * to and including the opening quote of their first output value (an OpenAI chunk repeats its id,
 * object, created, model and choices in every event; Anthropic and Gemini deltas alike), and the
 * bytes that followed that value to the end of the event, when they held no output and no marker.
 * The scan is a function of the bytes it read, so an event that starts (or ends) with exactly
 * those bytes leaves it exactly where the remembered event did: one compare instead of
 * reading them. Between two alike events, the rest of one and the start of the next are compared
 * at once. O(1) per stream: one buffer of 2 x MEMO_BYTES, taken when the first start is remembered.
 */
export interface ScanMemo {
  /** Where the remembered bytes live: the prefix from MEMO_BYTES on, the suffix right before it, so that the joint is a view too. */
  store: Buffer | null;
  prefix: Buffer | null;
  /** After the prefix's event's first output value: the rest of the event, blank line included; null until seen (and when the prefix changes). */
  suffix: Buffer | null;
  /** `suffix` then `prefix`: what lies between the first output values of two alike events in a row; null while either is. */
  joint: Buffer | null;
  /** The length of the blank line that ends `suffix` (the loop reads it again, to end the event as usual). */
  suffixBlank: number;
  /** Events in a row that did not start with the prefix; from MEMO_MISSES on, the stream's events are not alike and the memo is left alone. */
  misses: number;
}

const MEMO_BYTES = 512;
const MEMO_MISSES = 8;

/** A stream's empty memo. */
export function newScanMemo(): ScanMemo {
  return { store: null, prefix: null, suffix: null, joint: null, suffixBlank: 0, misses: 0 };
}

/**
 * Stores of finished streams' memos, for the next streams (see {@link rememberPrefix}), at most
 * {@link SPARE_STORES}: about as many as streams end in a busy moment.
 */
const spareStores: Buffer[] = [];
const SPARE_STORES = 256;

/** Once its stream is read to the end: the memo forgets everything, and its store goes to the next stream's. */
export function releaseScanMemo(memo: ScanMemo): void {
  if (memo.store !== null && spareStores.length < SPARE_STORES) spareStores.push(memo.store);
  memo.store = memo.prefix = memo.suffix = memo.joint = null;
}

/**
 * Remembers `events[start, end)` as the memo's prefix (and forgets its suffix). The memo's store is
 * a buffer of its own: a small `Buffer.from` copy would come from Node's shared 8 KB pool, and a
 * memo kept for a long stream would keep a whole pool slab alive. A buffer of its own is dear to
 * make (4.5 µs per stream in the metering stage alone, on a machine where it took 40 µs per stream
 * in all), so a finished stream's goes to the next ({@link releaseScanMemo}).
 */
function rememberPrefix(memo: ScanMemo, events: Buffer, start: number, end: number): void {
  const store = (memo.store ??= spareStores.pop() ?? Buffer.allocUnsafeSlow(2 * MEMO_BYTES));
  events.copy(store, MEMO_BYTES, start, end);
  memo.prefix = store.subarray(MEMO_BYTES, MEMO_BYTES + end - start);
  memo.suffix = memo.joint = null;
}

/** Remembers `events[start, end)` as the memo's suffix (its prefix is set), and so their joint. */
function rememberSuffix(memo: ScanMemo, events: Buffer, start: number, end: number): void {
  const store = memo.store!;
  const from = MEMO_BYTES - (end - start);
  events.copy(store, from, start, end);
  memo.suffix = store.subarray(from, MEMO_BYTES);
  memo.joint = store.subarray(from, MEMO_BYTES + memo.prefix!.length);
}

/** Below this many bytes, a loop compares faster than a native call (about 75 ns, and 1 ns a byte for the loop). */
const NATIVE_COMPARE_BYTES = 64;

/** Whether `events` holds exactly `bytes` at `at`. */
function holdsAt(events: Buffer, at: number, bytes: Buffer): boolean {
  const n = bytes.length;
  if (at + n > events.length) return false;
  if (n >= NATIVE_COMPARE_BYTES) return events.compare(bytes, 0, n, at, at + n) === 0;
  for (let i = 0; i < n; i++) if (events[at + i] !== bytes[i]) return false;
  return true;
}

/** At the start of an event: the offset of its first output value's opening quote when the event starts with the memo's prefix, else -1. */
function knownStart(events: Buffer, at: number, memo: ScanMemo): number {
  const prefix = memo.prefix;
  if (prefix === null || memo.misses >= MEMO_MISSES) return -1;
  if (holdsAt(events, at, prefix)) {
    memo.misses = 0;
    return at + prefix.length - 1;
  }
  memo.misses++;
  return -1;
}

/** After an event's first output value, at `at`: where its blank line starts when the rest of the event is the memo's suffix, else -1. */
function knownEnd(events: Buffer, at: number, memo: ScanMemo): number {
  const suffix = memo.suffix;
  return suffix !== null && holdsAt(events, at, suffix) ? at + suffix.length - memo.suffixBlank : -1;
}

/**
 * Reads `events` (complete SSE events, raw) in one pass: the output text of the events it can
 * read, and where the others are (those that may carry usage, a usage key holding an object, or
 * output it does not count by itself). With the stream's `memo`, an event's start seen before is
 * compared, not read (see {@link ScanMemo}). The findings go into `scan` when given (a stream's
 * scans, chunk after chunk, can share one), else into a new one.
 */
export function scanEvents(format: WireFormat, events: Buffer, memo?: ScanMemo, scan: EventScan = { outputBytes: 0, unscannable: NONE_UNSCANNABLE }): EventScan {
  const rule = RULES[format];
  scan.outputBytes = 0;
  scan.unscannable = NONE_UNSCANNABLE;
  // The event being read (no closure over these: this loop runs on every byte of a stream)
  let eventStart = 0;
  let eventBytes = 0;
  let unreadable = false;
  let i = 0;
  // The opening quote of the event's first output value when its start was known (-1: read it), and whether to remember this event's start.
  let knownValue = memo ? knownStart(events, 0, memo) : -1;
  let remember = memo !== undefined && knownValue === -1 && memo.misses < MEMO_MISSES;
  if (knownValue !== -1) i = knownValue;
  // Where the rest of the event after its first output value started, to remember it at the event's end (-1: not remembering), and the output counted by then.
  let restFrom = -1;
  let restBytes = 0;
  while (i < events.length) {
    const c = events[i];
    if (c > QUOTE) {
      i++;
    } else if (c === QUOTE) {
      if (i === knownValue) {
        knownValue = -1;
        const valueEnd = stringEnd(events, i);
        if (valueEnd === -1) i++;
        else {
          eventBytes += unescapedBytes(events, i, valueEnd);
          i = valueEnd + 1;
          const joint = memo!.joint;
          if (joint !== null && holdsAt(events, i, joint)) {
            // The rest of this event and the start of the next, both as remembered: as if each were compared alone (below, then at the event's end).
            scan.outputBytes += eventBytes;
            eventStart = i + memo!.suffix!.length;
            eventBytes = 0;
            memo!.misses = 0;
            i = knownValue = i + joint.length - 1;
            continue;
          }
          const blank = knownEnd(events, i, memo!);
          if (blank !== -1) i = blank;
          else if (memo!.suffix === null) {
            restFrom = i;
            restBytes = eventBytes;
          }
        }
        continue;
      }
      const close = stringEnd(events, i);
      if (close === -1) {
        i++; // not JSON text (the full parse would skip this event too); read on from the next byte
        continue;
      }
      const start = i + 1;
      const next = skipInline(events, close + 1);
      if (events[next] !== COLON) {
        if (isOneOf(events, start, close, rule.parseIf)) unreadable = true;
        i = close + 1;
        continue;
      }
      // A key: what its value means for metering.
      i = skipInline(events, next + 1);
      if (isOneOf(events, start, close, rule.text)) {
        const first = remember && !unreadable && events[i] === QUOTE && i - eventStart < MEMO_BYTES;
        if (first) {
          // The event's first output value, and no marker before it: its start up to here is a known start for the next events.
          remember = false;
          rememberPrefix(memo!, events, eventStart, i + 1);
        }
        const valueEnd = events[i] === QUOTE ? stringEnd(events, i) : -1;
        if (valueEnd !== -1) {
          eventBytes += unescapedBytes(events, i, valueEnd);
          i = valueEnd + 1;
          if (first) {
            restFrom = i;
            restBytes = eventBytes;
          }
        }
      } else if (isOneOf(events, start, close, rule.parseIf) || (events[i] === OPEN_BRACE && isOneOf(events, start, close, rule.usage))) unreadable = true;
    } else {
      const end = c === LF || c === CR ? blankLineEnd(events, i) : -1;
      if (end === -1) {
        i++;
        continue;
      }
      if (unreadable) scan.unscannable = [...scan.unscannable, [eventStart, end]];
      else scan.outputBytes += eventBytes;
      if (restFrom !== -1 && !unreadable && eventBytes === restBytes && end - restFrom <= MEMO_BYTES) {
        // No output and no marker after the first value: the rest of this event is a known end for the next events.
        rememberSuffix(memo!, events, restFrom, end);
        memo!.suffixBlank = end - i;
      }
      restFrom = -1;
      eventStart = i = end;
      eventBytes = 0;
      unreadable = false;
      if (memo && end < events.length) {
        knownValue = knownStart(events, end, memo);
        remember = knownValue === -1 && memo.misses < MEMO_MISSES;
        if (knownValue !== -1) i = knownValue;
      }
    }
  }
  if (eventStart < events.length) {
    if (unreadable) scan.unscannable = [...scan.unscannable, [eventStart, events.length]];
    else scan.outputBytes += eventBytes;
  }
  return scan;
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
  const key = QUOTED_USAGE_KEY[format];
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
