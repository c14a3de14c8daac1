import type { RedisClient } from '../../redis/client.js';
import type { UsageEvent } from '../../billing/usage-event.js';
import type { RedisKeys } from '../../redis/keys.js';
import { decodeUsageEntry, encodeUsageEntry } from '../../billing/usage-event-codec.js';
import { compareStreamIds, nextStreamId } from '../stream-id.js';
import type { QueuedUsageEvent, UsageBacklog, UsageQueue } from '../usage-queue.js';
import { closeConnection, type RedisConnections } from './connections.js';

type StreamEntry = [id: string, fields: string[]];

/** Most never-delivered entries {@link RedisUsageQueue.backlog} counts. */
const BACKLOG_COUNT_LIMIT = 10_000;

/** The events field of a stream entry. */
const FIELD = 'e';
/** The field marking a replayed entry (UsageQueue.replay). */
const REPLAYED = 'r';

/** The events of a stream entry, each with the entry's id. */
function decode([id, fields]: StreamEntry): QueuedUsageEvent[] {
  const at = fields.indexOf(FIELD);
  const replayed = fields.includes(REPLAYED);
  return decodeUsageEntry(fields[at + 1]).map((event) => (replayed ? { id, event, replayed: true } : { id, event }));
}

/**
 * Redis UsageQueue on one stream: XADD, XREADGROUP, XACK, XAUTOCLAIM. Blocking reads use their own
 * connection (a blocked connection cannot serve other commands), opened on first use.
 *
 * The events appended while a settling pipeline fills go as one entry of that pipeline, with one
 * plain XADD: one entry per round trip costs Redis less than one per event, and the pipeline
 * orders them after the charges they report.
 */
export class RedisUsageQueue implements UsageQueue {
  private blocking: RedisClient | undefined;
  /** The events waiting for the settling pipeline to go out (their entry), and its sending. */
  private batch: { events: UsageEvent[]; sent: Promise<unknown> } | undefined;

  constructor(private readonly redis: RedisConnections, private readonly keys: RedisKeys) {}

  async append(...events: UsageEvent[]): Promise<void> {
    if (events.length === 0) return;
    // With the other events that reach the settling pipeline before it goes out: one entry, pipelined with the settlements.
    if (!this.batch) {
      const batched: UsageEvent[] = [];
      // Last in the pipeline: after every settlement in it, so Redis never shows an event ahead of its charge.
      const sent = this.redis.settling
        .send(
          (p) => {
            this.batch = undefined;
            p.xadd(this.keys.usageStream, '*', FIELD, encodeUsageEntry(batched));
          },
          { last: true },
        )
        .then(([[error]]) => {
          if (error) throw error;
        });
      this.batch = { events: batched, sent };
    }
    const { events: batched, sent } = this.batch;
    for (const event of events) batched.push(event);
    await sent;
  }

  async replay(events: readonly UsageEvent[]): Promise<void> {
    if (events.length > 0) await this.redis.cmd.xadd(this.keys.usageStream, '*', FIELD, encodeUsageEntry(events), REPLAYED, '1');
  }

  async ensureGroup(group: string): Promise<void> {
    try {
      await this.redis.cmd.xgroup('CREATE', this.keys.usageStream, group, '0', 'MKSTREAM');
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith('BUSYGROUP')) throw err;
    }
  }

  async read(group: string, consumer: string, count: number, blockMs: number): Promise<QueuedUsageEvent[]> {
    const stream = this.keys.usageStream;
    // BLOCK 0 would wait forever: without a wait, do not block at all.
    const reply = (blockMs > 0
      ? await this.blocker().xreadgroup('GROUP', group, consumer, 'COUNT', count, 'BLOCK', blockMs, 'STREAMS', stream, '>')
      : await this.redis.cmd.xreadgroup('GROUP', group, consumer, 'COUNT', count, 'STREAMS', stream, '>')) as [string, StreamEntry[]][] | null;
    return reply?.[0]?.[1].flatMap(decode) ?? [];
  }

  async redeliver(group: string, consumer: string, count: number): Promise<QueuedUsageEvent[]> {
    const reply = (await this.redis.cmd.xreadgroup('GROUP', group, consumer, 'COUNT', count, 'STREAMS', this.keys.usageStream, '0')) as
      | [string, (StreamEntry | [string, null])[]][]
      | null;
    const entries = reply?.[0]?.[1] ?? [];
    // An entry trimmed while pending comes back without its fields: nothing is left to read, and
    // acknowledged it no longer comes first in every later call.
    const gone = entries.filter((entry) => entry[1] === null).map(([id]) => id);
    // Best effort: the live entries are what matters now; a failed ack is tried again next time.
    if (gone.length > 0) await this.ack(group, gone).catch(() => undefined);
    return entries.filter((entry): entry is StreamEntry => entry[1] !== null).flatMap(decode);
  }

  async ack(group: string, ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.redis.cmd.xack(this.keys.usageStream, group, ...ids);
  }

  async claimStale(group: string, consumer: string, minIdleMs: number, count: number): Promise<QueuedUsageEvent[]> {
    const claimed: QueuedUsageEvent[] = [];
    let entries = 0;
    let cursor = '0-0';
    do {
      const [next, page] = (await this.redis.cmd.xautoclaim(this.keys.usageStream, group, consumer, minIdleMs, cursor, 'COUNT', count - entries)) as [
        string,
        (StreamEntry | null)[],
      ];
      // entries deleted from the stream while pending come back as null
      for (const entry of page) {
        if (!entry) continue;
        entries += 1;
        claimed.push(...decode(entry));
      }
      cursor = next;
    } while (cursor !== '0-0' && entries < count);
    return claimed;
  }

  async unconsumed(group: string): Promise<QueuedUsageEvent[]> {
    // No group yet (Redis lost its data, and events came before the group was made again): the group, made from the start, will read every entry.
    const state = (await this.groupState(group)) ?? { lastDelivered: '0-0', pending: [] };
    const stream = this.keys.usageStream;
    const from = state.pending.length > 0 ? state.pending[0] : `(${state.lastDelivered}`;
    const entries = (await this.redis.cmd.xrange(stream, from, '+')) as StreamEntry[];
    const pending = new Set(state.pending);
    return entries.filter(([id]) => pending.has(id) || compareStreamIds(id, state.lastDelivered) > 0).flatMap(decode);
  }

  async backlog(group: string): Promise<UsageBacklog> {
    const state = (await this.groupState(group)) ?? { lastDelivered: '0-0', pending: [] };
    // Entries never delivered, counted up to a bound: a backlog that long is alarming whatever its exact size.
    const undelivered = (await this.redis.cmd.xrange(this.keys.usageStream, `(${state.lastDelivered}`, '+', 'COUNT', BACKLOG_COUNT_LIMIT)) as StreamEntry[];
    const oldest = state.pending[0] ?? undelivered[0]?.[0];
    return { entries: state.pending.length + undelivered.length, oldestMs: oldest === undefined ? null : Number(oldest.split('-')[0]) };
  }

  async trimConsumed(group: string): Promise<number> {
    const state = await this.groupState(group);
    if (!state) return 0;
    const keepFrom = state.pending.length > 0 ? state.pending[0] : nextStreamId(state.lastDelivered);
    return (await this.redis.cmd.xtrim(this.keys.usageStream, 'MINID', keepFrom)) as number;
  }

  /** Closes the blocking connection, if opened. */
  async close(): Promise<void> {
    if (this.blocking) await closeConnection(this.blocking);
  }

  /** The group's last delivered id and its pending ids (oldest first), or null when there is no such group. */
  private async groupState(group: string): Promise<{ lastDelivered: string; pending: string[] } | null> {
    const stream = this.keys.usageStream;
    let groups: unknown[][];
    try {
      groups = (await this.redis.cmd.xinfo('GROUPS', stream)) as unknown[][];
    } catch {
      return null; // no stream yet
    }
    const info = groups.map(pairsToRecord).find((g) => g.name === group);
    if (!info) return null;
    const pending: string[] = [];
    let start = '-';
    for (;;) {
      const page = (await this.redis.cmd.xpending(stream, group, start, '+', 1000)) as [string, string, number, number][];
      for (const [id] of page) pending.push(id);
      if (page.length < 1000) break;
      start = `(${page[page.length - 1][0]}`;
    }
    return { lastDelivered: String(info['last-delivered-id']), pending };
  }

  private blocker(): RedisClient {
    this.blocking ??= this.redis.blockingConnection();
    return this.blocking;
  }
}

function pairsToRecord(flat: unknown[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) record[String(flat[i])] = flat[i + 1];
  return record;
}
