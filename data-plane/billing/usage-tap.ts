/**
 * Watches what one upstream attempt answered, in the upstream's own format, for metering: the
 * usage the upstream reported (the raw object, stream pieces merged) and how much output text
 * went on to the client (for streams that end without usage). Sees only successful answers (the
 * relay never feeds it an error body, which is never charged). O(1) state per stream.
 */
import type { WireFormat } from '../../shared/formats.js';
import { mergeUsagePieces } from '../../shared/pricing/normalise.js';
import { utf8ByteLength } from '../../shared/pricing/estimate.js';
import { SseParser } from '../../shared/wire/sse/parse.js';
import { newScanMemo, releaseScanMemo, scanBodyUsage, scanEvents, type EventScan, type ScanMemo } from './output-scan.js';

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

/** An event's data parsed, or null when it is not JSON (the relay fails such a stream itself). */
function parseEvent(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
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

/** The tap of one upstream attempt; the relay feeds it, the meter reads it. */
export class UsageTap {
  private rawUsage: Loose | null = null;
  /** A complete answer not read yet (see {@link body}). */
  private unreadBody: Buffer | undefined;
  private deliveredBytes = 0;
  private firstByteAt: number | null = null;
  /** What the scans of this stream's events remember from batch to batch (output-scan.ts); made on the first events (a JSON answer needs none). */
  private scanMemo: ScanMemo | undefined;
  /** What the last of them found (one object for all of a stream's chunks). */
  private scan: EventScan | undefined;

  constructor(readonly format: WireFormat, private readonly now: () => number = Date.now) {}

  /**
   * A complete upstream answer (JSON): its usage object is found and parsed alone (output-scan.ts),
   * when the {@link result} is asked for. Metering asks with the other settlements of its turn,
   * back to back, when the scan's code and data are in the CPU's caches (see Metering.finish).
   */
  body(bytes: Buffer): void {
    this.firstByteAt ??= this.now();
    this.unreadBody = bytes;
  }

  /**
   * Complete upstream stream events, raw (pass-through streams): scanned, and only the events
   * that may carry usage (output-scan.ts), one or two per stream, are parsed.
   */
  events(bytes: Buffer): void {
    this.firstByteAt ??= this.now();
    const scan = scanEvents(this.format, bytes, (this.scanMemo ??= newScanMemo()), (this.scan ??= { outputBytes: 0, unscannable: [] }));
    this.deliveredBytes += scan.outputBytes;
    for (const [start, end] of scan.unscannable) this.parseAll(bytes.subarray(start, end));
  }

  private parseAll(events: Buffer): void {
    for (const { data } of SseParser.parseComplete(events)) if (data !== '[DONE]') this.event(parseEvent(data));
  }

  /** One parsed upstream stream event's data (translated streams, which parse anyway); null: not JSON. */
  event(data: unknown): void {
    this.firstByteAt ??= this.now();
    const record = asRecord(data);
    if (!record) return;
    const piece = asRecord(eventUsage(this.format, record));
    if (piece) this.rawUsage = mergeUsagePieces(this.rawUsage, piece);
    this.deliveredBytes += eventOutputBytes(this.format, record);
  }

  /**
   * What was seen so far. Metering asks once the answer is over, so the stream's scan memo goes to
   * the next stream's (a later event would be read in full, and counted all the same).
   */
  result(): TapResult {
    if (this.scanMemo) releaseScanMemo(this.scanMemo);
    if (this.unreadBody) {
      const usage = scanBodyUsage(this.format, this.unreadBody);
      this.unreadBody = undefined;
      if (usage) this.rawUsage = usage;
    }
    return { format: this.format, rawUsage: this.rawUsage, deliveredBytes: this.deliveredBytes, firstByteAt: this.firstByteAt };
  }
}
