/**
 * The text of a usage stream entry: the usage events a data plane appended together, one JSON
 * object per line (JSON text holds no line break: a string's are escaped). Money is already
 * decimal strings in the event, so `JSON.stringify` writes it exactly.
 */
import type { UsageEvent } from './usage-event.js';

/** Micro-RMB as the event writes them: a non-negative integer in decimal. */
const MICRO = /^\d+$/;

/** The text of an entry holding `events`, in order. */
export function encodeUsageEntry(events: readonly UsageEvent[]): string {
  return events.map((event) => JSON.stringify(event)).join('\n');
}

/** The events of an entry's text, in order; throws on a line that is not a usage event. */
export function decodeUsageEntry(text: string): UsageEvent[] {
  const events: UsageEvent[] = [];
  for (const line of text.split('\n')) if (line !== '') events.push(checked(JSON.parse(line), line));
  return events;
}

/**
 * `value` as a usage event, once the fields the ledger's money and idempotency rest on are what
 * they must be (ids, amounts, lease batch); the rest goes into the usage record as it came.
 */
function checked(value: unknown, line: string): UsageEvent {
  const refuse = (why: string) => new Error(`usage event: ${why}: ${line.slice(0, 80)}`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refuse('not a JSON object');
  const event = value as Partial<Record<keyof UsageEvent, unknown>>;
  for (const key of ['eventId', 'requestId', 'accountId', 'tokenId'] as const) if (typeof event[key] !== 'string') throw refuse(`${key} is not a string`);
  for (const key of ['chargeMicro', 'reservedMicro'] as const) {
    const micro = event[key];
    if (typeof micro !== 'string' || !MICRO.test(micro)) throw refuse(`${key} is not a decimal string`);
  }
  if (event.chargeBatch !== null && typeof event.chargeBatch !== 'string') throw refuse('chargeBatch is neither a string nor null');
  if (typeof event.usage !== 'object' || event.usage === null) throw refuse('usage is not an object');
  return value as UsageEvent;
}
