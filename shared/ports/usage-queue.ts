import type { UsageEvent } from '../billing/usage-event.js';

/** One event as read from the queue: the id of its entry (what is acknowledged) and the event. */
export interface QueuedUsageEvent {
  /** The queue's id of the entry holding the event (a Redis stream id such as `1700000000000-0`). */
  id: string;
  event: UsageEvent;
  /** Appended again by its data plane after Redis lost its data ({@link UsageQueue.replay}): its charge may be missing from the hot balance. */
  replayed?: true;
}

/**
 * The usage events travelling from data planes to the control plane (docs/architecture.md, Redis contract 4),
 * with consumer-group semantics (Redis streams: XADD, XREADGROUP, XACK, XAUTOCLAIM) on entries:
 * - the events appended together (one call, or, in Redis, the calls of one turn) are one entry,
 *   with one id: delivered, claimed and acknowledged together; events read in order carry their
 *   entry's id, so several in a row may share it;
 * - an appended entry is delivered to one consumer of a group, then stays pending until acked;
 * - a pending entry of a consumer that died is claimed by another after `minIdleMs`;
 * - nothing is ever lost by a crash between read and ack: it is delivered again (at least once),
 *   so consumers must be idempotent by `event.eventId`.
 */
export interface UsageQueue {
  /**
   * Appends events, in order, as one entry (a data plane appends a batch of requests' events at
   * once). Resolves once they are queued; their entry's id comes with {@link read} (nobody that
   * appends needs it).
   */
  append(...events: UsageEvent[]): Promise<void>;
  /**
   * Appends again, as one entry marked `replayed`, events a data plane appended before Redis lost
   * its data (they may have gone with it unread). Consumers write each event once (by event id),
   * so a replay of events already consumed changes nothing.
   */
  replay(events: readonly UsageEvent[]): Promise<void>;
  /** Creates the consumer group (reading from the beginning) if it does not exist. */
  ensureGroup(group: string): Promise<void>;
  /** The events of up to `count` never-delivered entries for `consumer`, waiting up to `blockMs` (0: do not wait) when there are none. */
  read(group: string, consumer: string, count: number, blockMs: number): Promise<QueuedUsageEvent[]>;
  /**
   * The events of up to `count` entries delivered to `consumer` and not yet acknowledged, oldest
   * first (XREADGROUP from id 0). A read whose answer was lost on the way back (Redis frozen past
   * the client's timeout, then serving it) delivered entries the consumer never saw: they wait
   * here, where no other consumer claims them until they are idle for long.
   */
  redeliver(group: string, consumer: string, count: number): Promise<QueuedUsageEvent[]>;
  /** Acknowledges entries (by the ids their events carry): their events will not be delivered again. */
  ack(group: string, ids: readonly string[]): Promise<void>;
  /** Moves to `consumer` up to `count` entries pending for at least `minIdleMs` with another (dead) consumer, and returns their events. */
  claimStale(group: string, consumer: string, minIdleMs: number, count: number): Promise<QueuedUsageEvent[]>;
  /**
   * Every event not yet acknowledged by `group` (pending or never delivered), oldest first: for
   * reconciliation and balance loads. Before the group exists (it is made reading from the start),
   * every event appended is unconsumed: after Redis lost its data, events may come before the group.
   */
  unconsumed(group: string): Promise<QueuedUsageEvent[]>;
  /** Drops acknowledged entries older than the oldest unacknowledged one; returns how many entries were dropped. */
  trimConsumed(group: string): Promise<number>;
  /** How far `group` is behind (metrics): entries not yet acknowledged, and the time (epoch ms, from its id) of the oldest of them. */
  backlog(group: string): Promise<UsageBacklog>;
}

/** See {@link UsageQueue.backlog}. */
export interface UsageBacklog {
  entries: number;
  /** Null when nothing waits. */
  oldestMs: number | null;
}
