/**
 * An incremental JSON reader for answers too large to hold whole (a Gemini answer carries its
 * images as base64 strings of megabytes): it builds the document's value as it arrives, except for
 * the strings its caller picks by their path, whose raw bytes (JSON escapes kept) are handed on as
 * they come and left out of the value. Objects are reported as they close, with their path.
 * Malformed JSON throws a SyntaxError.
 */

/** Where a value sits: object keys and array indexes from the root. */
export type JsonPath = readonly (string | number)[];

/** What the reader tells its caller. */
export interface SkeletonEvents {
  /** Should the string at `path` be streamed rather than kept? `parent`: its object or array as read so far. */
  streams(path: JsonPath, parent: Record<string, unknown> | unknown[] | undefined): boolean;
  /** A streamed string's raw bytes (between its quotes, escapes as written), in order. */
  chunk(raw: Buffer): void;
  /** The streamed string ended. */
  streamed(): void;
  /** An object at `path` closed (streamed strings left out of it). */
  objectEnd?(path: JsonPath, value: Record<string, unknown>): void;
}

type Frame = { kind: 'object'; value: Record<string, unknown>; key: string | undefined } | { kind: 'array'; value: unknown[] };

type State = 'value' | 'value-or-end' | 'key-or-end' | 'key' | 'colon' | 'comma-or-end' | 'string' | 'atom' | 'done';

/** Stands for a streamed string in its parent (an array keeps its place with null). */
const STREAMED = Symbol('streamed');

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Bytes of a number or of true, false, null. */
function isAtomByte(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x2b || c === 0x2d || c === 0x2e;
}

function unexpected(c: number): SyntaxError {
  return new SyntaxError(`Unexpected ${JSON.stringify(String.fromCharCode(c))} in the JSON answer`);
}

/** Reads one JSON document chunk by chunk (see the file comment). */
export class JsonSkeleton {
  /** The document's value once it ended (streamed strings left out). */
  root: unknown;
  private state: State = 'value';
  private readonly stack: Frame[] = [];
  private target: 'key' | 'keep' | 'stream' = 'keep';
  private escaped = false;
  private kept: Buffer[] = [];
  private keptBytes = 0;
  private atom = '';

  /** `maxKeptBytes`: the longest string kept (not streamed); longer ones fail the answer. */
  constructor(
    private readonly events: SkeletonEvents,
    private readonly maxKeptBytes = 1024 * 1024,
  ) {}

  /** Reads the next bytes of the document. */
  write(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'string') {
        i = this.inString(chunk, i);
        continue;
      }
      const c = chunk[i];
      if (this.state === 'atom') {
        if (isAtomByte(c)) {
          this.atom += String.fromCharCode(c);
          i += 1;
        } else this.endAtom();
        continue;
      }
      i += 1;
      if (!isSpace(c)) this.structural(c);
    }
  }

  /** The document ended: throws when it is incomplete. */
  end(): void {
    if (this.state === 'atom') this.endAtom();
    if (this.state !== 'done') throw new SyntaxError('The JSON answer ended before it was complete');
  }

  private structural(c: number): void {
    switch (this.state) {
      case 'value-or-end':
        if (c === 0x5d) return this.close();
        return this.beginValue(c);
      case 'value':
        return this.beginValue(c);
      case 'key-or-end':
        if (c === 0x7d) return this.close();
        return this.beginKey(c);
      case 'key':
        return this.beginKey(c);
      case 'colon':
        if (c !== 0x3a) throw unexpected(c);
        this.state = 'value';
        return;
      case 'comma-or-end': {
        const top = this.stack.at(-1)!;
        if (c === 0x2c) this.state = top.kind === 'object' ? 'key' : 'value';
        else if ((c === 0x7d && top.kind === 'object') || (c === 0x5d && top.kind === 'array')) this.close();
        else throw unexpected(c);
        return;
      }
      default:
        throw unexpected(c);
    }
  }

  /** The path of the value being read now. */
  private path(): (string | number)[] {
    return this.stack.map((f) => (f.kind === 'object' ? f.key! : f.value.length));
  }

  private beginKey(c: number): void {
    if (c !== QUOTE) throw unexpected(c);
    this.beginString('key');
  }

  private beginValue(c: number): void {
    if (c === 0x7b) {
      this.stack.push({ kind: 'object', value: {}, key: undefined });
      this.state = 'key-or-end';
    } else if (c === 0x5b) {
      this.stack.push({ kind: 'array', value: [] });
      this.state = 'value-or-end';
    } else if (c === QUOTE) {
      this.beginString(this.events.streams(this.path(), this.stack.at(-1)?.value) ? 'stream' : 'keep');
    } else if (isAtomByte(c)) {
      this.atom = String.fromCharCode(c);
      this.state = 'atom';
    } else throw unexpected(c);
  }

  private beginString(target: 'key' | 'keep' | 'stream'): void {
    this.state = 'string';
    this.target = target;
    this.escaped = false;
    this.kept = [];
    this.keptBytes = 0;
  }

  /** Reads string bytes from `i`; returns where reading goes on. */
  private inString(chunk: Buffer, i: number): number {
    let j = i;
    for (; j < chunk.length; j++) {
      const c = chunk[j];
      if (this.escaped) this.escaped = false;
      else if (c === BACKSLASH) this.escaped = true;
      else if (c === QUOTE) break;
    }
    if (j > i) {
      const raw = chunk.subarray(i, j);
      if (this.target === 'stream') this.events.chunk(raw);
      else {
        this.keptBytes += raw.length;
        if (this.keptBytes > this.maxKeptBytes) throw new SyntaxError(`A string in the JSON answer is longer than ${this.maxKeptBytes} bytes`);
        // A copy: the chunk itself is not to be held for a few bytes of it.
        this.kept.push(Buffer.from(raw));
      }
    }
    if (j === chunk.length) return j;
    if (this.target === 'stream') {
      this.events.streamed();
      this.valueDone(STREAMED);
    } else {
      const text = JSON.parse(`"${Buffer.concat(this.kept).toString('utf8')}"`) as string;
      if (this.target === 'key') {
        (this.stack.at(-1) as Extract<Frame, { kind: 'object' }>).key = text;
        this.state = 'colon';
      } else this.valueDone(text);
    }
    return j + 1;
  }

  private endAtom(): void {
    this.valueDone(JSON.parse(this.atom));
  }

  private close(): void {
    const frame = this.stack.pop()!;
    if (frame.kind === 'object') this.events.objectEnd?.(this.path(), frame.value);
    this.valueDone(frame.value);
  }

  private valueDone(value: unknown): void {
    const top = this.stack.at(-1);
    if (!top) {
      this.root = value;
      this.state = 'done';
      return;
    }
    if (top.kind === 'array') top.value.push(value === STREAMED ? null : value);
    else {
      // Defined, not assigned: a key "__proto__" is data here, as JSON.parse makes it.
      if (value !== STREAMED) Object.defineProperty(top.value, top.key!, { value, enumerable: true, writable: true, configurable: true });
      top.key = undefined;
    }
    this.state = 'comma-or-end';
  }
}
