/**
 * The text of a usage stream entry: the usage events a data plane appended together. Every request
 * writes one event, so its size is paid on every request (encoding, the Redis write, the stream's
 * memory), and most of an event is what the requests before it in the entry said too (the account,
 * token, model, route, prices, rates and lease batch). So an entry is lines of positional JSON
 * arrays (no key names) of two kinds:
 * - a context line, `[0, ...CONTEXT]`: what the event lines after it share;
 * - an event line, `[2, ...]`: one event's own values (the request id left out when it equals the
 *   event id, the usage counts as an array without trailing zeros), its context being the last
 *   context line before it.
 * A busy data plane's entry of a few hundred events of one account and model is then one context
 * line and event lines of about 200 characters, where each event took about 500 on its own.
 *
 * Readers also take the lines older data planes wrote, each a whole event: layout 1 (`[1, ...]`,
 * before events named their lease batch) and the event's plain JSON object (before that).
 */
import { WIRE_FORMATS, type WireFormat } from '../formats.js';
import { USAGE_FIELDS, makeUsage, type NormalisedUsage } from '../pricing/usage.js';
import type { UsageEvent } from './usage-event.js';

/** First element of a context line. */
const CONTEXT_TAG = 0;
/** First element of an event line (whose values are the second half of layout 1's, plus its context). */
const EVENT_TAG = 2;
/** First element of a whole event of layout 1, and its length. */
const LAYOUT_1_TAG = 1;
const LAYOUT_1_LENGTH = 27;
const LINE_BREAK = 0x0a;

/** The fields an event takes from its context line, in the line's order. */
const CONTEXT = [
  'accountId',
  'tokenId',
  'model',
  'group',
  'channelId',
  'node',
  'formatIn',
  'formatOut',
  'stream',
  'prices',
  'billing',
  'groupMultiplier',
  'modelMultiplier',
  'exchangeRate',
  'chargeBatch',
] as const satisfies readonly (keyof UsageEvent)[];

type Context = Pick<UsageEvent, (typeof CONTEXT)[number]>;

function formatIndex(format: WireFormat): number {
  return WIRE_FORMATS.indexOf(format);
}

function formatAt(index: unknown): WireFormat {
  const format = typeof index === 'number' ? WIRE_FORMATS[index] : undefined;
  if (format === undefined) throw new Error(`usage event: unknown wire format index ${String(index)}`);
  return format;
}

/** The usage counts in USAGE_FIELDS order (spelled out, as in sameContext), trailing zeros dropped. */
function usageCounts(u: NormalisedUsage): number[] {
  const counts = [u.input, u.output, u.cacheRead, u.cacheWrite5m, u.cacheWrite1h, u.reasoning, u.images, u.videoSeconds];
  let length = counts.length;
  while (length > 0 && counts[length - 1] === 0) length--;
  counts.length = length;
  return counts;
}

function usageFrom(counts: unknown): NormalisedUsage {
  if (!Array.isArray(counts)) throw new Error('usage event: the usage counts are not an array');
  const parts: Partial<Record<keyof NormalisedUsage, unknown>> = {};
  USAGE_FIELDS.forEach((field, i) => (parts[field] = counts[i] ?? 0));
  return makeUsage(parts);
}

/** Spelled out field by field: a loop over CONTEXT's names, reading each through a keyed lookup, took about as long as the rest of an event's encoding. */
function sameContext(a: Context, b: Context): boolean {
  return (
    a.accountId === b.accountId &&
    a.tokenId === b.tokenId &&
    a.model === b.model &&
    a.group === b.group &&
    a.channelId === b.channelId &&
    a.node === b.node &&
    a.formatIn === b.formatIn &&
    a.formatOut === b.formatOut &&
    a.stream === b.stream &&
    a.prices === b.prices &&
    a.billing === b.billing &&
    a.groupMultiplier === b.groupMultiplier &&
    a.modelMultiplier === b.modelMultiplier &&
    a.exchangeRate === b.exchangeRate &&
    a.chargeBatch === b.chargeBatch
  );
}

function contextOf(e: Context): Context {
  return {
    accountId: e.accountId,
    tokenId: e.tokenId,
    model: e.model,
    group: e.group,
    channelId: e.channelId,
    node: e.node,
    formatIn: e.formatIn,
    formatOut: e.formatOut,
    stream: e.stream,
    prices: e.prices,
    billing: e.billing,
    groupMultiplier: e.groupMultiplier,
    modelMultiplier: e.modelMultiplier,
    exchangeRate: e.exchangeRate,
    chargeBatch: e.chargeBatch,
  };
}

function contextLine(e: Context): string {
  return JSON.stringify([
    CONTEXT_TAG,
    e.accountId,
    e.tokenId,
    e.model,
    e.group,
    e.channelId,
    e.node,
    formatIndex(e.formatIn),
    e.formatOut === null ? null : formatIndex(e.formatOut),
    e.stream ? 1 : 0,
    e.prices,
    e.billing,
    e.groupMultiplier,
    e.modelMultiplier,
    e.exchangeRate,
    e.chargeBatch,
  ]);
}

function eventLine(e: UsageEvent): string {
  return JSON.stringify([
    EVENT_TAG,
    e.eventId,
    e.requestId === e.eventId ? 0 : e.requestId,
    usageCounts(e.usage),
    e.rawUsage,
    e.usageSource,
    e.chargeMicro,
    e.reservedMicro,
    e.status,
    e.httpStatus,
    e.latencyMs,
    e.firstByteMs,
    e.createdAt,
  ]);
}

/**
 * Writes one entry's text, an event at a time: a context line goes before an event whose context
 * differs from the last one's (compared field by field, the prices by identity: the events of one
 * model share its prices object). (JSON text holds no line break: a string's are escaped.) What it
 * keeps is the text, not the events: a data plane holds its events in writers until their charges
 * are sent (Metering).
 */
export class UsageEntryWriter {
  private readonly lines: string[] = [];
  private last: Context | undefined;
  private events = 0;

  /** A writer that wrote `events`, in order. */
  static of(events: readonly UsageEvent[]): UsageEntryWriter {
    const writer = new UsageEntryWriter();
    for (const event of events) writer.add(event);
    return writer;
  }

  /** The events written so far. */
  get size(): number {
    return this.events;
  }

  add(event: UsageEvent): void {
    if (this.last === undefined || !sameContext(this.last, event)) {
      this.lines.push(contextLine(event));
      // The context's own values, not the event: they are the token's, the model's, the route's.
      this.last = contextOf(event);
    }
    this.lines.push(eventLine(event));
    this.events += 1;
  }

  /** Adds the events `other` wrote, after those written here. */
  addWritten(other: UsageEntryWriter): void {
    for (const line of other.lines) this.lines.push(line);
    this.last = other.last ?? this.last;
    this.events += other.events;
  }

  text(): string {
    return this.lines.join('\n');
  }

  /**
   * The text as UTF-8 bytes, written straight into them. A busy data plane's entry is tens of
   * kilobytes, and as a joined string (and then ioredis' command text around it) it ended in V8's
   * old generation every time, so that only full collections freed it: in a heap profile of a
   * metered data plane under load (non-streamed requests, 32 concurrent), these strings were a
   * quarter of everything such collections freed, while a Buffer's bytes live outside the heap.
   */
  bytes(): Buffer {
    const lines = this.lines;
    let size = lines.length - 1;
    for (const line of lines) size += Buffer.byteLength(line);
    const bytes = Buffer.allocUnsafe(Math.max(0, size));
    let at = 0;
    for (let i = 0; i < lines.length; i++) {
      if (i > 0) bytes[at++] = LINE_BREAK;
      at += bytes.write(lines[i], at);
    }
    return bytes;
  }
}

/** The text of an entry holding `events`, in order. */
export function encodeUsageEntry(events: readonly UsageEvent[]): string {
  return UsageEntryWriter.of(events).text();
}

/** The events of an entry's text (written by {@link UsageEntryWriter}, or by older data planes), in order; throws on anything else. */
export function decodeUsageEntry(text: string): UsageEvent[] {
  const events: UsageEvent[] = [];
  let context: Context | undefined;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const value: unknown = JSON.parse(line);
    if (Array.isArray(value) && value[0] === CONTEXT_TAG) context = contextFrom(value, line);
    else if (Array.isArray(value) && value[0] === EVENT_TAG) {
      if (!context) throw new Error(`usage event: an event line before any context line: ${line.slice(0, 80)}`);
      events.push(eventFrom(value, context, line));
    } else events.push(wholeEvent(value, line));
  }
  return events;
}

function lineError(what: string, line: string): Error {
  return new Error(`usage event: not ${what}: ${line.slice(0, 80)}`);
}

function contextFrom(value: unknown[], line: string): Context {
  if (value.length !== CONTEXT.length + 1) throw lineError('a context line', line);
  const [, accountId, tokenId, model, group, channelId, node, formatIn, formatOut, stream, prices, billing, groupMultiplier, modelMultiplier, exchangeRate, chargeBatch] = value;
  return {
    accountId,
    tokenId,
    model,
    group,
    channelId,
    node,
    formatIn: formatAt(formatIn),
    formatOut: formatOut === null ? null : formatAt(formatOut),
    stream: stream === 1,
    prices,
    billing,
    groupMultiplier,
    modelMultiplier,
    exchangeRate,
    chargeBatch,
  } as Context;
}

/** An event line's values with its context: the event, its fields in the order of UsageEvent. */
function eventFrom(value: unknown[], context: Context, line: string): UsageEvent {
  if (value.length !== 13) throw lineError('an event line', line);
  const [, eventId, requestId, usage, rawUsage, usageSource, chargeMicro, reservedMicro, status, httpStatus, latencyMs, firstByteMs, createdAt] = value;
  return {
    eventId,
    requestId: requestId === 0 ? eventId : requestId,
    accountId: context.accountId,
    tokenId: context.tokenId,
    model: context.model,
    group: context.group,
    channelId: context.channelId,
    node: context.node,
    formatIn: context.formatIn,
    formatOut: context.formatOut,
    stream: context.stream,
    usage: usageFrom(usage),
    rawUsage,
    usageSource,
    prices: context.prices,
    billing: context.billing,
    groupMultiplier: context.groupMultiplier,
    modelMultiplier: context.modelMultiplier,
    exchangeRate: context.exchangeRate,
    chargeMicro,
    reservedMicro,
    status,
    httpStatus,
    latencyMs,
    firstByteMs,
    createdAt,
    chargeBatch: context.chargeBatch,
  } as UsageEvent;
}

/** A line holding a whole event, as older data planes wrote them: layout 1, or the event's plain JSON object. */
function wholeEvent(value: unknown, line: string): UsageEvent {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { chargeBatch: null, ...value } as UsageEvent;
  if (!Array.isArray(value) || value[0] !== LAYOUT_1_TAG || value.length !== LAYOUT_1_LENGTH) throw lineError('a usage entry line', line);
  const [, eventId, requestId, accountId, tokenId, model, group, channelId, node, formatIn, formatOut, stream, usage, rawUsage, usageSource, prices, billing, groupMultiplier, modelMultiplier, exchangeRate, chargeMicro, reservedMicro, status, httpStatus, latencyMs, firstByteMs, createdAt] =
    value as unknown[];
  const context = contextFrom([CONTEXT_TAG, accountId, tokenId, model, group, channelId, node, formatIn, formatOut, stream, prices, billing, groupMultiplier, modelMultiplier, exchangeRate, null], line);
  return eventFrom([EVENT_TAG, eventId, requestId, usage, rawUsage, usageSource, chargeMicro, reservedMicro, status, httpStatus, latencyMs, firstByteMs, createdAt], context, line);
}
