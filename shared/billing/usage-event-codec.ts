/**
 * The text of a usage stream entry: the usage events a data plane appended together. Every request
 * writes one event, so its size is paid on every request (encoding, the Redis write, the stream's
 * memory), and most of an event is what the requests before it in the entry said too (the account,
 * token, model, route, prices, rates and lease batch), and so are the key names of the upstream's
 * raw usage object. So an entry is lines of positional JSON arrays (no key names) of these kinds:
 * - a context line, `[0, ...CONTEXT]`: what the event lines after it share;
 * - a usage shape line, `[3, shape]`: the keys of the raw usage objects of the `[4, ...]` event
 *   lines after it (./usage-shape.ts);
 * - an event line, `[2, ...]` or `[4, ...]`: one event's own values (the request id left out when it
 *   equals the event id, the usage counts as an array without trailing zeros; the raw usage whole,
 *   or, in a `[4, ...]` line, its values only), its context being the last context line before it.
 * A busy data plane's entry of a few hundred events of one account and model is then one context
 * line, one shape line and event lines of about 120 characters, where each event took about 500 on
 * its own.
 *
 * Readers also take the lines older data planes wrote, each a whole event: layout 1 (`[1, ...]`,
 * before events named their lease batch) and the event's plain JSON object (before that).
 */
import { GROUP_FORMATS, type GroupFormat } from '../formats.js';
import { USAGE_FIELDS, makeUsage, type NormalisedUsage } from '../pricing/usage.js';
import { JSON_BYTE, JsonBytes } from './json-bytes.js';
import { hasShape, shapeOf, shapedObject, writeShape, writeShapedValues, type UsageShape } from './usage-shape.js';
import type { UsageEvent } from './usage-event.js';

/** First element of a context line. */
const CONTEXT_TAG = 0;
/** First element of an event line (whose values are the second half of layout 1's, plus its context). */
const EVENT_TAG = 2;
/** First element of a usage shape line ... */
const SHAPE_TAG = 3;
/** ... and of an event line whose raw usage is the values of the last shape line's keys. */
const SHAPED_EVENT_TAG = 4;
/** First element of a whole event of layout 1, and its length. */
const LAYOUT_1_TAG = 1;
const LAYOUT_1_LENGTH = 27;
const { LINE_BREAK, OPEN_BRACKET, CLOSE_BRACKET, COMMA } = JSON_BYTE;

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

/** A format's index in GROUP_FORMATS (the wire formats first: their indices predate the media endpoints). */
function formatIndex(format: GroupFormat): number {
  return GROUP_FORMATS.indexOf(format);
}

function formatAt(index: unknown): GroupFormat {
  const format = typeof index === 'number' ? GROUP_FORMATS[index] : undefined;
  if (format === undefined) throw new Error(`usage event: unknown format index ${String(index)}`);
  return format;
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

/**
 * An event line's values, in their order, with the request id left out (0) when it equals the event
 * id and the usage counts without trailing zeros; the raw usage as the values of `shape`'s keys
 * when it has that shape, else whole.
 */
function writeEventLine(out: JsonBytes, e: UsageEvent, shape: UsageShape | null): void {
  out.byte(OPEN_BRACKET);
  out.number(shape === null ? EVENT_TAG : SHAPED_EVENT_TAG);
  out.byte(COMMA);
  out.string(e.eventId);
  out.byte(COMMA);
  if (e.requestId === e.eventId) out.number(0);
  else out.string(e.requestId);
  out.byte(COMMA);
  writeUsageCounts(out, e.usage);
  out.byte(COMMA);
  if (shape === null) out.value(e.rawUsage);
  else writeShapedValues(out, e.rawUsage as Readonly<Record<string, unknown>>, shape);
  out.byte(COMMA);
  out.string(e.usageSource);
  out.byte(COMMA);
  out.string(e.chargeMicro);
  out.byte(COMMA);
  out.string(e.reservedMicro);
  out.byte(COMMA);
  out.string(e.status);
  out.byte(COMMA);
  out.number(e.httpStatus);
  out.byte(COMMA);
  out.number(e.latencyMs);
  out.byte(COMMA);
  out.numberOrNull(e.firstByteMs);
  out.byte(COMMA);
  out.number(e.createdAt);
  // Units (images, video) as a last value, only when there are any: text events keep their length.
  if (e.units !== undefined) {
    out.byte(COMMA);
    out.value(e.units);
  }
  out.byte(CLOSE_BRACKET);
}

/** The usage counts in USAGE_FIELDS order (spelled out, as in sameContext), trailing zeros dropped. */
function writeUsageCounts(out: JsonBytes, u: NormalisedUsage): void {
  const counts = [u.input, u.output, u.cacheRead, u.cacheWrite5m, u.cacheWrite1h, u.reasoning, u.images, u.videoSeconds];
  let length = counts.length;
  while (length > 0 && counts[length - 1] === 0) length--;
  out.byte(OPEN_BRACKET);
  for (let i = 0; i < length; i++) {
    if (i > 0) out.byte(COMMA);
    out.number(counts[i]);
  }
  out.byte(CLOSE_BRACKET);
}

/**
 * Writes one entry's text, an event at a time: a context line goes before an event whose context
 * differs from the last one's (compared field by field, the prices by identity: the events of one
 * model share its prices object). (JSON text holds no line break: a string's are escaped.) What it
 * keeps is the text's UTF-8 bytes (./json-bytes.ts), not the events: a data plane holds its events
 * in writers until their charges are sent (Metering), and a busy one's entry is tens of kilobytes,
 * which as strings (as it was written until session 16) ended in V8's old generation, freed only by
 * full collections.
 */
export class UsageEntryWriter {
  private readonly out = new JsonBytes();
  private last: Context | undefined;
  /** The raw usage shape of the last shape line written, or null. */
  private shape: UsageShape | null = null;
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
      this.lineBreak();
      this.out.raw(contextLine(event));
      // The context's own values, not the event: they are the token's, the model's, the route's.
      this.last = contextOf(event);
    }
    this.lineBreak();
    writeEventLine(this.out, event, this.rawUsageShape(event.rawUsage));
    this.events += 1;
  }

  /** The shape to write `raw` in: the last one written when it fits, else its own (written now), or null (written whole). */
  private rawUsageShape(raw: unknown): UsageShape | null {
    if (this.shape !== null && hasShape(raw, this.shape)) return this.shape;
    const shape = shapeOf(raw);
    if (shape === null) return null;
    this.shape = shape;
    this.out.byte(OPEN_BRACKET);
    this.out.number(SHAPE_TAG);
    this.out.byte(COMMA);
    writeShape(this.out, shape);
    this.out.byte(CLOSE_BRACKET);
    this.out.byte(LINE_BREAK);
    return shape;
  }

  /** Adds the events `other` wrote, after those written here. */
  addWritten(other: UsageEntryWriter): void {
    if (other.events === 0) return;
    this.lineBreak();
    this.out.append(other.out);
    this.last = other.last;
    this.shape = other.shape ?? this.shape;
    this.events += other.events;
  }

  private lineBreak(): void {
    if (this.out.length > 0) this.out.byte(LINE_BREAK);
  }

  text(): string {
    return this.out.text();
  }

  /** The text as UTF-8 bytes (a view of the writer's own: valid until it writes more). */
  bytes(): Buffer {
    return this.out.bytes();
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
  let shape: unknown;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const value: unknown = JSON.parse(line);
    const tag = Array.isArray(value) ? value[0] : undefined;
    if (tag === CONTEXT_TAG) context = contextFrom(value as unknown[], line);
    else if (tag === SHAPE_TAG) {
      if ((value as unknown[]).length !== 2) throw lineError('a usage shape line', line);
      shape = (value as unknown[])[1];
    } else if (tag === EVENT_TAG || tag === SHAPED_EVENT_TAG) {
      if (!context) throw new Error(`usage event: an event line before any context line: ${line.slice(0, 80)}`);
      const values = value as unknown[];
      if (tag === SHAPED_EVENT_TAG) {
        if (shape === undefined) throw new Error(`usage event: raw usage values before any usage shape line: ${line.slice(0, 80)}`);
        values[4] = shapedObject(shape, values[4]);
      }
      events.push(eventFrom(values, context, line));
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
  if (value.length !== 13 && value.length !== 14) throw lineError('an event line', line);
  const [, eventId, requestId, usage, rawUsage, usageSource, chargeMicro, reservedMicro, status, httpStatus, latencyMs, firstByteMs, createdAt, units] = value;
  const event = {
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
  if (units !== undefined) event.units = units as UsageEvent['units'];
  return event;
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
