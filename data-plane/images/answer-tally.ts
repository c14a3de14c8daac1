/**
 * What an OpenAI images answer held, read as it streams through to the client (it is never held
 * whole: base64 results run to megabytes): how many images (`b64_json` and `url` keys; base64
 * holds no quotes, and a quote inside a string is escaped, so a key cannot be mistaken; an image
 * counts once its key passes, so one cut off in its data is counted), and the
 * `usage` object that GPT image models add after `data` (found in the answer's last bytes).
 * Bytes beyond `maxBytes` fail the stream (the result limit).
 */
import { Transform } from 'node:stream';

const KEYS = [Buffer.from('"b64_json"'), Buffer.from('"url"')];
const LONGEST = Math.max(...KEYS.map((k) => k.length));
/** The answer's last bytes kept for its usage (a usage object is about 200 bytes). */
const TAIL = 4096;

/** An answer larger than the result limit. */
export class ResultTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The generated images are larger than the limit of ${maxBytes} bytes`);
  }
}

/** The count of `key` in `buffer` from `from` on, not preceded by a backslash. */
function occurrences(buffer: Buffer, key: Buffer, from: number): number {
  let count = 0;
  for (let i = buffer.indexOf(key, from); i !== -1; i = buffer.indexOf(key, i + key.length)) {
    if (i === 0 || buffer[i - 1] !== 0x5c) count += 1;
  }
  return count;
}

/** The JSON object following `"usage":` in `text`, or null. */
export function usageIn(text: string): unknown {
  const at = text.lastIndexOf('"usage"');
  if (at === -1) return null;
  const start = text.indexOf('{', at);
  if (start === -1) return null;
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      // Skip the string (usage holds no braces in strings, but be exact).
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      try {
        return JSON.parse(text.slice(start, i + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A pass-through stream that tallies an OpenAI images answer. */
export class ImagesTally extends Transform {
  images = 0;
  bytes = 0;
  private carry = Buffer.alloc(0);
  private tail = Buffer.alloc(0);

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(new ResultTooLarge(this.maxBytes));
      return;
    }
    const scanned = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    // Only matches ending past the carry are new (one inside it was counted with the last chunk).
    for (const key of KEYS) this.images += occurrences(scanned, key, Math.max(0, this.carry.length - key.length + 1));
    this.carry = Buffer.from(scanned.subarray(Math.max(0, scanned.length - (LONGEST - 1))));
    const tail = this.tail.length ? Buffer.concat([this.tail, chunk]) : chunk;
    this.tail = Buffer.from(tail.subarray(Math.max(0, tail.length - TAIL)));
    done(null, chunk);
  }

  /** The answer's `usage` object, once it ended (null when it has none). */
  usage(): unknown {
    return usageIn(this.tail.toString('utf8'));
  }
}
