/**
 * Incremental server-sent-events parser (https://html.spec.whatwg.org/multipage/server-sent-events.html).
 * Feed it Buffer chunks as they arrive, split anywhere (inside a line, a CRLF pair or a UTF-8
 * character); it returns the events completed so far. Memory is bounded by one line plus one event.
 */

/** One parsed event: `data` is the raw text (multi-line `data:` fields joined with `\n`). */
export interface SseRecord {
  event?: string;
  data: string;
}

/** Default cap on one line or one event's data, so a misbehaving upstream cannot grow memory forever. */
const DEFAULT_MAX_EVENT_CHARS = 16 * 1024 * 1024;

/** Stateful parser for one stream; not shareable between streams. */
export class SseParser {
  /** Made on the first push (a parse of complete events needs none: {@link SseParser.parseComplete}). */
  private decoder: InstanceType<typeof TextDecoder> | undefined;
  private partial = '';
  /** The previous chunk ended with CR: a LF at the start of the next one completes that CRLF. */
  private pendingCr = false;
  private event?: string;
  private data: string[] = [];
  private dataChars = 0;
  private hasData = false;

  constructor(private readonly maxEventChars = DEFAULT_MAX_EVENT_CHARS) {}

  /** Parse the next chunk; returns the events it completed. Throws when a line or event exceeds the cap. */
  push(chunk: Uint8Array): SseRecord[] {
    const out: SseRecord[] = [];
    this.consume((this.decoder ??= new TextDecoder('utf-8')).decode(chunk, { stream: true }), out);
    return out;
  }

  /**
   * The events of complete SSE bytes (cut at event boundaries, as the relay holds them), as a
   * fresh parser's push() then end() give them, decoded at once: making an incremental decoder
   * and decoding through it cost more than the parse, for the one or two events read this way
   * per stream.
   */
  static parseComplete(bytes: Buffer): SseRecord[] {
    const parser = new SseParser();
    const out: SseRecord[] = [];
    const text = bytes.toString('utf8');
    // TextDecoder drops a leading byte order mark; so does the SSE spec.
    parser.consume(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, out);
    parser.finish(out);
    return out;
  }

  /**
   * The stream ended: flush the decoder and deliver a last event that lacked its blank line
   * (lenient, as the official SDKs are).
   */
  end(): SseRecord[] {
    const out: SseRecord[] = [];
    if (this.decoder) this.consume(this.decoder.decode(), out);
    this.finish(out);
    return out;
  }

  /** Delivers a last event that lacked its blank line. */
  private finish(out: SseRecord[]): void {
    if (this.partial !== '') {
      const line = this.partial;
      this.partial = '';
      this.line(line, out);
    }
    this.dispatch(out);
  }

  private consume(text: string, out: SseRecord[]): void {
    let pos = 0;
    if (this.pendingCr && text.length > 0) {
      if (text[0] === '\n') pos = 1;
      this.pendingCr = false;
    }
    // Upstreams nearly always end lines with LF alone: then indexOf finds them, cheaper than a regex.
    const lfOnly = !text.includes('\r');
    const eol = /[\r\n]/g;
    while (pos < text.length) {
      let at: number;
      if (lfOnly) at = text.indexOf('\n', pos);
      else {
        eol.lastIndex = pos;
        at = eol.exec(text)?.index ?? -1;
      }
      if (at === -1) {
        this.partial += text.slice(pos);
        if (this.partial.length > this.maxEventChars) throw new Error(`SSE line longer than ${this.maxEventChars} characters`);
        return;
      }
      const line = this.partial + text.slice(pos, at);
      this.partial = '';
      this.line(line, out);
      pos = at + 1;
      if (text[at] === '\r') {
        if (pos === text.length) this.pendingCr = true;
        else if (text[pos] === '\n') pos++;
      }
    }
  }

  private line(line: string, out: SseRecord[]): void {
    if (line === '') return this.dispatch(out);
    if (line[0] === ':') return; // Comment, e.g. a keep-alive.
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value[0] === ' ') value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') {
      this.dataChars += value.length + 1;
      if (this.dataChars > this.maxEventChars) throw new Error(`SSE event longer than ${this.maxEventChars} characters`);
      this.data.push(value);
      this.hasData = true;
    }
    // `id` and `retry` are not used by any upstream format; SSE has readers ignore other fields.
  }

  private dispatch(out: SseRecord[]): void {
    if (this.hasData) {
      const data = this.data.length === 1 ? this.data[0] : this.data.join('\n');
      out.push(this.event === undefined ? { data } : { event: this.event, data });
    }
    this.event = undefined;
    this.data = [];
    this.dataChars = 0;
    this.hasData = false;
  }
}
