/**
 * A Gemini generateContent answer with image output, rewritten as it streams into the OpenAI
 * images answer ({@link GeminiImageAnswer}): every `inlineData` image part of every candidate
 * becomes one `data` item (`b64_json`, passed through), the text parts the `revised_prompt`;
 * `usageMetadata` becomes `usage`. An answer without an image (a safety block, `NO_IMAGE`) is the
 * client's 400, charged nothing.
 */
import { Transform } from 'node:stream';
import { GatewayError } from '../../../shared/wire/errors.js';
import { ResultTooLarge } from '../answer-tally.js';
import { JsonSkeleton, type JsonPath } from '../../media/json-skeleton.js';

/** Is `path` the base64 data of an inline part of a candidate (`candidates[i].content.parts[j].inlineData.data`)? */
function isInlineData(path: JsonPath): boolean {
  return (
    path.length === 7 &&
    path[0] === 'candidates' &&
    path[2] === 'content' &&
    path[3] === 'parts' &&
    (path[5] === 'inlineData' || path[5] === 'inline_data') &&
    path[6] === 'data'
  );
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** An inline part's MIME type, when read. */
function mimeOf(inline: Record<string, unknown>): string | undefined {
  const type = inline.mimeType ?? inline.mime_type;
  return typeof type === 'string' ? type : undefined;
}

/**
 * A generateContent answer rewritten, as it streams, into the OpenAI images answer: every image
 * part (`inlineData` of an `image/*` type) of every candidate becomes one `data` item whose
 * `b64_json` is the part's base64 passed through as it arrives (never held whole), with what its
 * candidate said up to the next image (the last image: all it said) as its `revised_prompt`;
 * `usageMetadata` becomes `usage`. Gemini writes an inline part's `mimeType` before its `data`;
 * a part whose `data` comes first is held until its type is known (bounded by `maxBytes`), then
 * passed on or dropped.
 */
export class GeminiImageAnswer extends Transform {
  /**
   * Images begun so far: one counts once its base64 starts on its way to the client (as on the
   * native path, ../answer-tally.ts), so a client that hangs up mid-image is charged it.
   */
  images = 0;
  /** Gemini's `usageMetadata`, once the answer ended (for the usage record and token prices). */
  usageMetadata: unknown = null;
  /**
   * Resolves once the first image begins (answer the client then); rejects when the answer ends
   * without one (the client's 400, saying why), breaks off, is malformed, or passes `maxBytes`
   * before it.
   */
  readonly started: Promise<void>;
  private resolveStart!: () => void;
  private rejectStart!: (err: Error) => void;
  private readonly reader: JsonSkeleton;
  private bytes = 0;
  /** The item written but not closed yet (the candidate may still say something of it). */
  private open: number | undefined;
  /** What becomes of the inline data being streamed: an image passed on, data of another type dropped, data of a type not read yet held. */
  private streaming: 'pass' | 'drop' | 'hold' = 'drop';
  /** Inline data read before its part's type: its candidate and raw base64, until the part closes. */
  private held: { candidate: number; raw: Buffer[] } | undefined;
  private mimeType: string | undefined;
  private readonly said = new Map<number, string[]>();

  constructor(
    private readonly createdAt: number,
    private readonly maxBytes: number,
  ) {
    super();
    this.started = new Promise((resolve, reject) => {
      this.resolveStart = resolve;
      this.rejectStart = reject;
    });
    // Awaited by the relay; a rejection after the answer went out has no one to tell.
    this.started.catch(() => undefined);
    this.reader = new JsonSkeleton({
      streams: (path, parent) => isInlineData(path) && this.beginData(path[1] as number, record(parent)),
      chunk: (raw) => {
        if (this.streaming === 'pass') this.push(raw);
        // A copy: the chunk itself is not to be held for its part of the data.
        else if (this.streaming === 'hold') this.held!.raw.push(Buffer.from(raw));
      },
      streamed: () => {
        if (this.streaming === 'pass') this.endImage();
        this.streaming = 'drop';
      },
      objectEnd: (path, value) => this.objectEnd(path, value),
    });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(new ResultTooLarge(this.maxBytes));
    try {
      this.reader.write(chunk);
    } catch (err) {
      return done(err as Error);
    }
    done();
  }

  override _flush(done: (error?: Error | null) => void): void {
    try {
      this.reader.end();
      this.closeItem();
      const root = record(this.reader.root);
      if (this.images === 0) throw noImage(root, [...this.said.values()].flat());
      this.usageMetadata = root.usageMetadata ?? null;
      const usage = record(root.usageMetadata);
      const input = Number(usage.promptTokenCount ?? 0);
      const output = Number(usage.candidatesTokenCount ?? 0) + Number(usage.thoughtsTokenCount ?? 0);
      const format = this.mimeType?.replace('image/', '') ?? 'png';
      this.push(`],"output_format":${JSON.stringify(format)},"usage":${JSON.stringify({ input_tokens: input, output_tokens: output, total_tokens: input + output })}}`);
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  override _destroy(err: Error | null, done: (error?: Error | null) => void): void {
    this.rejectStart(err ?? new GatewayError('upstream', 'The upstream answer ended before an image'));
    done(err);
  }

  /** An inline part's data begins (always streamed, never kept): an image is passed on, another type dropped, an unknown type held. */
  private beginData(candidate: number, inline: Record<string, unknown>): boolean {
    const type = mimeOf(inline);
    if (type === undefined) {
      this.streaming = 'hold';
      this.held = { candidate, raw: [] };
    } else if (type.startsWith('image/')) {
      this.streaming = 'pass';
      this.beginImage(candidate, type);
    } else this.streaming = 'drop';
    return true;
  }

  /** An image starts a new item, after the open one. */
  private beginImage(candidate: number, type: string): void {
    this.mimeType ??= type;
    this.closeItem();
    this.push(this.images === 0 ? `{"created":${this.createdAt},"data":[{"b64_json":"` : ',{"b64_json":"');
    if (this.images === 0) this.resolveStart();
    this.images += 1;
    this.open = candidate;
  }

  /** The image's base64 ended. */
  private endImage(): void {
    this.push('"');
  }

  /** Closes the open item, with what its candidate said so far as its revised prompt. */
  private closeItem(): void {
    if (this.open === undefined) return;
    const said = this.said.get(this.open);
    this.push(said?.length ? `,"revised_prompt":${JSON.stringify(said.join('\n'))}}` : '}');
    this.open = undefined;
  }

  private objectEnd(path: JsonPath, value: Record<string, unknown>): void {
    const candidate = path[1];
    if (path.length === 6 && this.held) {
      // The inline part whose data came before its type closed: its type is known now.
      const { candidate: heldBy, raw } = this.held;
      this.held = undefined;
      const type = mimeOf(value);
      if (type?.startsWith('image/')) {
        this.beginImage(heldBy, type);
        for (const bytes of raw) this.push(bytes);
        this.endImage();
      }
    } else if (path.length === 5 && path[0] === 'candidates' && path[3] === 'parts' && typeof candidate === 'number') {
      // A part: its text (not a thought) is what the model said beside its images.
      if (typeof value.text === 'string' && value.thought !== true) this.said.set(candidate, [...(this.said.get(candidate) ?? []), value.text]);
      const type = mimeOf(record(value.inlineData ?? value.inline_data));
      if (type?.startsWith('image/')) this.mimeType ??= type;
    } else if (path.length === 2 && path[0] === 'candidates' && this.open === candidate) this.closeItem();
  }
}

/** The client's 400 for an answer without an image, saying why. */
function noImage(root: Record<string, unknown>, texts: string[]): GatewayError {
  let finish: string | undefined;
  for (const candidate of Array.isArray(root.candidates) ? root.candidates : []) {
    const reason = record(candidate).finishReason;
    if (typeof reason === 'string') finish ??= reason;
  }
  const blocked = record(root.promptFeedback).blockReason;
  const why = typeof blocked === 'string' ? `the prompt was blocked (${blocked})` : `finish reason ${finish ?? 'none'}`;
  return new GatewayError('invalid_request', `The model made no image: ${why}${texts.length ? `: ${texts.join(' ').slice(0, 300)}` : ''}`, 400, { param: 'prompt' });
}
