/**
 * Watches what one upstream attempt answered, in the upstream's own format, for metering: the
 * usage the upstream reported (the raw object, stream pieces merged) and how much output text
 * went on to the client (for streams that end without usage). Sees only successful answers (the
 * relay never feeds it an error body, which is never charged), as the relay read them once: a
 * complete answer parsed, a stream event by event. O(1) state per stream.
 */
import type { WireFormat } from '../../shared/formats.js';
import { mergeUsagePieces } from '../../shared/pricing/normalise.js';
import { utf8ByteLength } from '../../shared/pricing/estimate.js';
import type { StreamEvent } from '../../shared/wire/translate/translator.js';

type Loose = Record<string, unknown>;

function asRecord(value: unknown): Loose | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : undefined;
}

function text(value: unknown): number {
  return typeof value === 'string' ? utf8ByteLength(value) : 0;
}

/** The usage piece carried by one stream event, if any. */
function eventUsage(format: WireFormat, data: Loose): unknown {
  switch (format) {
    case 'chat-completions':
      return data.usage;
    case 'messages':
      return asRecord(data.message)?.usage ?? data.usage;
    case 'generateContent':
      return data.usageMetadata;
    case 'responses':
      return asRecord(data.response)?.usage;
  }
}

/** Bytes of generated text (content, reasoning, tool arguments) carried by one stream event. */
function eventOutputBytes(format: WireFormat, data: Loose): number {
  switch (format) {
    case 'chat-completions': {
      let bytes = 0;
      for (const choice of Array.isArray(data.choices) ? data.choices : []) {
        const delta = asRecord(asRecord(choice)?.delta);
        if (!delta) continue;
        bytes += text(delta.content) + text(delta.reasoning_content) + text(delta.reasoning);
        for (const call of Array.isArray(delta.tool_calls) ? delta.tool_calls : []) bytes += text(asRecord(asRecord(call)?.function)?.arguments);
      }
      return bytes;
    }
    case 'messages': {
      const delta = asRecord(data.delta);
      return data.type === 'content_block_delta' && delta ? text(delta.text) + text(delta.thinking) + text(delta.partial_json) : 0;
    }
    case 'generateContent': {
      let bytes = 0;
      for (const candidate of Array.isArray(data.candidates) ? data.candidates : []) {
        const parts = asRecord(asRecord(candidate)?.content)?.parts;
        for (const part of Array.isArray(parts) ? parts : []) {
          const p = asRecord(part);
          bytes += text(p?.text) + (p?.functionCall ? utf8ByteLength(JSON.stringify(asRecord(p.functionCall)?.args ?? {})) : 0);
        }
      }
      return bytes;
    }
    case 'responses':
      return typeof data.type === 'string' && data.type.endsWith('.delta') ? text(data.delta) : 0;
  }
}

/** What a tap saw. */
export interface TapResult {
  /** The upstream format the tap read. */
  format: WireFormat;
  /** The usage the upstream reported (stream pieces merged), or null when it reported none. */
  rawUsage: Loose | null;
  /** UTF-8 bytes of output text that went to the client. */
  deliveredBytes: number;
  /** When the first answer byte arrived (epoch ms), or null. */
  firstByteAt: number | null;
}

/** The usage object of a complete answer in `format`, if it has one. */
function bodyUsage(format: WireFormat, answer: Loose): unknown {
  return format === 'generateContent' ? answer.usageMetadata : answer.usage;
}

/** The tap of one upstream attempt; the relay feeds it, the meter reads it. */
export class UsageTap {
  private rawUsage: Loose | null = null;
  private deliveredBytes = 0;
  private firstByteAt: number | null = null;

  constructor(readonly format: WireFormat, private readonly now: () => number = Date.now) {}

  /** A complete upstream answer (JSON), parsed; anything but an object carries no usage. */
  body(answer: unknown): void {
    this.firstByteAt ??= this.now();
    const record = asRecord(answer);
    this.rawUsage = (record && asRecord(bodyUsage(this.format, record))) ?? null;
  }

  /** One upstream stream event, as the relay read it (a comment, `[DONE]` or text that is not JSON carries nothing). */
  event(event: StreamEvent): void {
    this.firstByteAt ??= this.now();
    const record = asRecord(event.data);
    if (!record) return;
    const piece = asRecord(eventUsage(this.format, record));
    if (piece) this.rawUsage = mergeUsagePieces(this.rawUsage, piece);
    this.deliveredBytes += eventOutputBytes(this.format, record);
  }

  /** What was seen so far. */
  result(): TapResult {
    return { format: this.format, rawUsage: this.rawUsage, deliveredBytes: this.deliveredBytes, firstByteAt: this.firstByteAt };
  }
}
