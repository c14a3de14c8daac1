/**
 * The text of a usage event in the usage stream. Every request writes one, so its size is paid on
 * every request (encoding, the Redis write, the stream's memory): the event goes as a positional
 * JSON array, without key names, with the request id left out when it equals the event id and the
 * usage counts as an array without trailing zeros. About half the size of the event's own JSON.
 *
 * Readers also take the event's plain JSON object (how events were written before this encoding),
 * so a stream written by older data planes is still consumed.
 */
import { WIRE_FORMATS, type WireFormat } from '../formats.js';
import { USAGE_FIELDS, makeUsage, type NormalisedUsage } from '../pricing/usage.js';
import type { UsageEvent } from './usage-event.js';

/** First element of an encoded event: the layout below. */
const LAYOUT = 2;

/**
 * Slots of the encoded array after the layout tag, in order (the decoder reads them by position),
 * by layout: 1 ended at `createdAt`; 2 added `chargeBatch`.
 */
const SLOTS: Readonly<Record<number, number>> = { 1: 26, 2: 27 };

function formatIndex(format: WireFormat): number {
  return WIRE_FORMATS.indexOf(format);
}

function formatAt(index: unknown): WireFormat {
  const format = typeof index === 'number' ? WIRE_FORMATS[index] : undefined;
  if (format === undefined) throw new Error(`usage event: unknown wire format index ${String(index)}`);
  return format;
}

/** The usage counts in USAGE_FIELDS order, trailing zeros dropped. */
function usageCounts(usage: NormalisedUsage): number[] {
  const counts = USAGE_FIELDS.map((field) => usage[field]);
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

/** The stream text of `event`. */
export function encodeUsageEvent(event: UsageEvent): string {
  return JSON.stringify([
    LAYOUT,
    event.eventId,
    event.requestId === event.eventId ? 0 : event.requestId,
    event.accountId,
    event.tokenId,
    event.model,
    event.group,
    event.channelId,
    event.node,
    formatIndex(event.formatIn),
    event.formatOut === null ? null : formatIndex(event.formatOut),
    event.stream ? 1 : 0,
    usageCounts(event.usage),
    event.rawUsage,
    event.usageSource,
    event.prices,
    event.billing,
    event.groupMultiplier,
    event.modelMultiplier,
    event.exchangeRate,
    event.chargeMicro,
    event.reservedMicro,
    event.status,
    event.httpStatus,
    event.latencyMs,
    event.firstByteMs,
    event.createdAt,
    event.chargeBatch,
  ]);
}

/**
 * The text of one entry of the usage stream: the texts of the events appended together, one per
 * line (JSON text holds no line break: a string's are escaped). An entry written before entries
 * held several events is one text, so it reads as one event.
 */
export function encodeUsageEntry(events: readonly UsageEvent[]): string {
  return events.map(encodeUsageEvent).join('\n');
}

/** The events of an entry's text written by {@link encodeUsageEntry}, in order. */
export function decodeUsageEntry(text: string): UsageEvent[] {
  const events: UsageEvent[] = [];
  for (const line of text.split('\n')) if (line !== '') events.push(decodeUsageEvent(line));
  return events;
}

/** The event of a stream text written by {@link encodeUsageEvent} (or as a plain JSON object); throws on anything else. */
export function decodeUsageEvent(text: string): UsageEvent {
  const value: unknown = JSON.parse(text);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { chargeBatch: null, ...value } as UsageEvent;
  if (!Array.isArray(value) || value.length !== (SLOTS[value[0] as number] ?? -1) + 1) {
    throw new Error(`usage event: not an event of layout ${Object.keys(SLOTS).join(' or ')}: ${text.slice(0, 80)}`);
  }
  const [, eventId, requestId, accountId, tokenId, model, group, channelId, node, formatIn, formatOut, stream, usage, rawUsage, usageSource, prices, billing, groupMultiplier, modelMultiplier, exchangeRate, chargeMicro, reservedMicro, status, httpStatus, latencyMs, firstByteMs, createdAt, chargeBatch = null] =
    value as unknown[];
  return {
    eventId,
    requestId: requestId === 0 ? eventId : requestId,
    accountId,
    tokenId,
    model,
    group,
    channelId,
    node,
    formatIn: formatAt(formatIn),
    formatOut: formatOut === null ? null : formatAt(formatOut),
    stream: stream === 1,
    usage: usageFrom(usage),
    rawUsage,
    usageSource,
    prices,
    billing,
    groupMultiplier,
    modelMultiplier,
    exchangeRate,
    chargeMicro,
    reservedMicro,
    status,
    httpStatus,
    latencyMs,
    firstByteMs,
    createdAt,
    chargeBatch,
  } as UsageEvent;
}
