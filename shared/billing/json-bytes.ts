/**
 * JSON text written value by value straight into a growing buffer of UTF-8 bytes, as
 * `JSON.stringify` would write the same values, without making a string of each value or of the
 * whole: what a data plane writes for every request (its usage event line, ./usage-event-codec.ts)
 * then costs no garbage for the young generation to sweep, and the lines it holds until their lease
 * batch goes out live outside the JavaScript heap, where scavenges never copy them.
 */

/** The bytes of JSON syntax (and the line break between JSON texts), for {@link JsonBytes.byte}. */
export const JSON_BYTE = {
  OPEN_BRACKET: 0x5b,
  CLOSE_BRACKET: 0x5d,
  OPEN_BRACE: 0x7b,
  CLOSE_BRACE: 0x7d,
  COMMA: 0x2c,
  COLON: 0x3a,
  LINE_BREAK: 0x0a,
} as const;

const { OPEN_BRACKET, CLOSE_BRACKET, OPEN_BRACE, CLOSE_BRACE, COMMA, COLON } = JSON_BYTE;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const DIGIT_ZERO = 0x30;
const NULL_TEXT = 'null';
/** Deeper values are left to `JSON.stringify` (which also finds cycles). */
const MAX_WALKED_DEPTH = 16;

/** Not a value JSON.stringify leaves out of an object (or writes as null in an array). */
function isPlainJson(v: unknown): boolean {
  const type = typeof v;
  return type !== 'undefined' && type !== 'function' && type !== 'symbol';
}

/** An object of the Object prototype (or none) without a `toJSON` to call: what JSON.parse makes. */
export function isPlainObject(v: unknown): v is Readonly<Record<string, unknown>> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return (proto === Object.prototype || proto === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}

/** A growing buffer of JSON text. */
export class JsonBytes {
  private buf: Buffer;
  private end = 0;

  constructor(capacity = 1024) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  /** Bytes written so far. */
  get length(): number {
    return this.end;
  }

  /** The buffer, with room for `n` more bytes (twice as large, copied, when short). */
  private room(n: number): Buffer {
    const needed = this.end + n;
    if (needed > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.buf.length * 2));
      this.buf.copy(grown, 0, 0, this.end);
      this.buf = grown;
    }
    return this.buf;
  }

  /** One ASCII byte of JSON syntax (a bracket, a comma, a line break). */
  byte(c: number): void {
    this.room(1)[this.end++] = c;
  }

  /** JSON text made elsewhere (e.g. by `JSON.stringify`), as UTF-8. */
  raw(text: string): void {
    // A UTF-16 code unit takes at most 3 bytes of UTF-8.
    const buf = this.room(text.length * 3);
    this.end += buf.write(text, this.end);
  }

  /** A string value, quoted and escaped as `JSON.stringify` does. */
  string(s: string): void {
    const buf = this.room(s.length + 2);
    const start = this.end;
    let at = start;
    buf[at++] = QUOTE;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === QUOTE || c === BACKSLASH) {
        // Something to escape or to encode (rare: ids and amounts are plain ASCII): as JSON.stringify writes it.
        this.end = start;
        this.raw(JSON.stringify(s));
        return;
      }
      buf[at++] = c;
    }
    buf[at++] = QUOTE;
    this.end = at;
  }

  /** A number value (`null` when not finite, as `JSON.stringify` writes it). */
  number(n: number): void {
    if (!Number.isSafeInteger(n) || n < 0) {
      this.raw(JSON.stringify(n));
      return;
    }
    let digits = 1;
    for (let p = 10; p <= n; p *= 10) digits++;
    const buf = this.room(digits);
    for (let at = this.end + digits - 1; at >= this.end; at--) {
      const next = Math.floor(n / 10);
      buf[at] = DIGIT_ZERO + (n - next * 10);
      n = next;
    }
    this.end += digits;
  }

  /** A number, or `null`. */
  numberOrNull(n: number | null): void {
    if (n === null) this.raw(NULL_TEXT);
    else this.number(n);
  }

  /**
   * Any value, as `JSON.stringify` writes it (`null` for what it leaves out). Plain JSON data (what
   * `JSON.parse` makes: an upstream's usage object, for every request) is walked here; anything
   * else (a `toJSON`, a class instance, nesting deeper than {@link MAX_WALKED_DEPTH}) is stringified.
   */
  value(v: unknown, depth = 0): void {
    if (typeof v === 'string') this.string(v);
    else if (typeof v === 'number') this.number(v);
    else if (typeof v === 'boolean') this.raw(v ? 'true' : 'false');
    else if (v === null) this.raw(NULL_TEXT);
    else if (depth < MAX_WALKED_DEPTH && Array.isArray(v) && v.every(isPlainJson)) this.array(v, depth);
    else if (depth < MAX_WALKED_DEPTH && isPlainObject(v)) this.object(v, depth);
    else this.raw(JSON.stringify(v) ?? NULL_TEXT);
  }

  private array(values: readonly unknown[], depth: number): void {
    this.byte(OPEN_BRACKET);
    for (let i = 0; i < values.length; i++) {
      if (i > 0) this.byte(COMMA);
      this.value(values[i], depth + 1);
    }
    this.byte(CLOSE_BRACKET);
  }

  private object(record: Readonly<Record<string, unknown>>, depth: number): void {
    this.byte(OPEN_BRACE);
    let first = true;
    // for-in, not Object.keys: no array of keys per object (the order is the same, own keys first).
    for (const key in record) {
      const value = record[key];
      // As JSON.stringify: own keys only, leaving out undefined, functions and symbols.
      if (!Object.hasOwn(record, key) || !isPlainJson(value)) continue;
      if (!first) this.byte(COMMA);
      first = false;
      this.string(key);
      this.byte(COLON);
      this.value(value, depth + 1);
    }
    this.byte(CLOSE_BRACE);
  }

  /** What `other` wrote, after what was written here. */
  append(other: JsonBytes): void {
    const buf = this.room(other.end);
    this.end += other.buf.copy(buf, this.end, 0, other.end);
  }

  /** The bytes written (a view: valid until the next write). */
  bytes(): Buffer {
    return this.buf.subarray(0, this.end);
  }

  /** The text written. */
  text(): string {
    return this.buf.toString('utf8', 0, this.end);
  }
}
