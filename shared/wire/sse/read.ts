/**
 * The one reader of upstream event streams (server-sent events:
 * https://html.spec.whatwg.org/multipage/server-sent-events.html). Feed it the upstream's chunks as
 * they arrive, split anywhere (inside a line, a CRLF pair or a UTF-8 character); it returns each
 * event once its blank line has come, read once: the bytes the upstream sent for it (so a relay can
 * forward them unchanged, cut at event boundaries), its `event` field and its data parsed as JSON.
 * Everything downstream (in-band errors, usage, what a client was sent, translation) reads those
 * events and never the bytes again. Memory is bounded by one incomplete event.
 */
import type { StreamEvent } from '../translate/translator.js';

/** One event as the upstream sent it. */
export interface SseEvent extends StreamEvent {
  /** The event's bytes as they came, its closing blank line included (comments before it in the same block too). */
  readonly raw: Buffer;
  /** The `event` field, if the event has one. */
  readonly event: string | undefined;
  /**
   * The data (`data` lines joined with LF), parsed as JSON; the literal `'[DONE]'` (the
   * chat-completions terminator) as it is; the text itself when it is neither (`malformed`);
   * undefined for a block without a data line (a comment or keep-alive, forwarded all the same).
   */
  readonly data: unknown;
  /** The data is text that is neither JSON nor `'[DONE]'`. */
  readonly malformed: boolean;
}

/** Default cap on one event's bytes, so a misbehaving upstream cannot grow memory forever. */
const DEFAULT_MAX_EVENT_BYTES = 16 * 1024 * 1024;

/** Raised when one event (complete or not) exceeds the reader's cap. */
export class SseEventTooLarge extends Error {
  constructor(limit: number) {
    super(`SSE event longer than ${limit} bytes`);
    this.name = 'SseEventTooLarge';
  }
}

const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;
const SPACE = 0x20;
const DATA = Buffer.from('data');
const EVENT = Buffer.from('event');
const COMPLETION = Buffer.from('\n\n');

/** Whether `buf[start, end)` is `word`. */
function isWord(buf: Buffer, start: number, end: number, word: Buffer): boolean {
  if (end - start !== word.length) return false;
  for (let i = 0; i < word.length; i++) if (buf[start + i] !== word[i]) return false;
  return true;
}

/** Reads one stream; not shareable between streams. */
export class SseReader {
  /** The bytes of the incomplete event, from its start. */
  private pending: Buffer | undefined;
  /** How much of `pending` was read as whole lines already (their fields are below). */
  private scanned = 0;
  private started = false;
  private name: string | undefined;
  private firstData: string | undefined;
  private moreData: string[] | undefined;

  /** `maxEventBytes`: cap on one event; `parse`: how data text becomes a value (JSON). */
  constructor(
    private readonly maxEventBytes = DEFAULT_MAX_EVENT_BYTES,
    private readonly parse: (text: string) => unknown = JSON.parse,
  ) {}

  /**
   * The events this chunk completed, in order. The raw bytes of the events of one call are
   * consecutive slices of one buffer ({@link rawOf} joins them without a copy). Throws
   * {@link SseEventTooLarge}.
   */
  push(chunk: Buffer): SseEvent[] {
    return this.read(this.pending ? Buffer.concat([this.pending, chunk]) : chunk, false);
  }

  /**
   * The stream ended: a last event that lacked its blank line, completed with one (lenient, as
   * the official SDKs are; the Gemini SDK rejects an unterminated event); nothing when what is left
   * is blank.
   */
  end(): SseEvent[] {
    const out = this.pending ? this.read(this.pending, true) : [];
    const rest = this.pending;
    this.pending = undefined;
    if (rest && rest.toString('latin1').trim() !== '') out.push(...this.read(Buffer.concat([rest, COMPLETION]), true));
    this.pending = undefined;
    this.scanned = 0;
    return out;
  }

  /** Reads the lines of `buf` not read yet (`final`: no more bytes will come). */
  private read(buf: Buffer, final: boolean): SseEvent[] {
    let pos = this.scanned;
    if (!this.started) {
      this.started = true;
      // A byte order mark is no part of the first line (the client still gets it: the bytes are the upstream's).
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) pos = 3;
    }
    const out: SseEvent[] = [];
    let start = 0;
    // Upstreams nearly always end lines with LF alone: then one search per line finds them.
    const lfOnly = buf.indexOf(CR, pos) === -1;
    while (pos < buf.length) {
      let end = buf.indexOf(LF, pos);
      let next = end + 1;
      if (!lfOnly) {
        const cr = buf.subarray(pos, end === -1 ? buf.length : end).indexOf(CR);
        if (cr !== -1) {
          end = pos + cr;
          // A CR last in the chunk may be the first half of a CRLF: the line is read once the next byte is known.
          if (end === buf.length - 1 && !final) break;
          next = buf[end + 1] === LF ? end + 2 : end + 1;
        }
      }
      if (end === -1) break;
      if (end === pos) {
        out.push(this.dispatch(buf.subarray(start, next)));
        start = next;
      } else this.field(buf, pos, end);
      pos = next;
    }
    if (start === buf.length) {
      this.pending = undefined;
      this.scanned = 0;
    } else {
      this.pending = buf.subarray(start);
      this.scanned = pos - start;
      if (this.pending.length > this.maxEventBytes) throw new SseEventTooLarge(this.maxEventBytes);
    }
    return out;
  }

  private field(buf: Buffer, start: number, end: number): void {
    if (buf[start] === COLON) return; // a comment, e.g. a keep-alive
    let colon = buf.indexOf(COLON, start);
    if (colon === -1 || colon > end) colon = end;
    let value = colon + 1;
    if (value < end && buf[value] === SPACE) value++;
    if (value > end) value = end;
    if (isWord(buf, start, colon, DATA)) {
      const text = buf.toString('utf8', value, end);
      if (this.firstData === undefined) this.firstData = text;
      else (this.moreData ??= []).push(text);
    } else if (isWord(buf, start, colon, EVENT)) this.name = buf.toString('utf8', value, end);
    // `id` and `retry` are not used by any upstream format; SSE has readers ignore other fields.
  }

  private dispatch(raw: Buffer): SseEvent {
    let data: unknown;
    let malformed = false;
    if (this.firstData !== undefined) {
      const text = this.moreData ? [this.firstData, ...this.moreData].join('\n') : this.firstData;
      if (text === '[DONE]') data = text;
      else {
        try {
          data = this.parse(text);
        } catch {
          data = text;
          malformed = true;
        }
      }
    }
    const event: SseEvent = { raw, event: this.name, data, malformed };
    this.name = undefined;
    this.firstData = undefined;
    this.moreData = undefined;
    return event;
  }
}

/**
 * The raw bytes of `events[from, to)`, consecutive events of a reader, as one buffer: a view of
 * the chunk they came in when they came in one push (no copy).
 */
export function rawOf(events: readonly SseEvent[], from = 0, to = events.length): Buffer {
  if (to - from === 1) return events[from].raw;
  const first = events[from].raw;
  for (let i = from + 1; i < to; i++) {
    const before = events[i - 1].raw;
    const raw = events[i].raw;
    // Events of separate pushes do not follow each other in memory: those are copied together.
    if (raw.buffer !== first.buffer || raw.byteOffset !== before.byteOffset + before.length) return Buffer.concat(events.slice(from, to).map((e) => e.raw));
  }
  const last = events[to - 1].raw;
  return Buffer.from(first.buffer, first.byteOffset, last.byteOffset + last.length - first.byteOffset);
}
