import type { UsageEvent } from '../billing/usage-event.js';

/** One event as read from the queue: its queue id (what is acknowledged) and the event. */
export interface QueuedUsageEvent {
  /** The queue's own id (a Redis stream id such as `1700000000000-0`). */
  id: string;
  event: UsageEvent;
}

/**
 * The usage events travelling from data planes to the control plane (DESIGN.md contract item 4),
 * with consumer-group semantics (Redis streams: XADD, XREADGROUP, XACK, XAUTOCLAIM):
 * - an appended event is delivered to one consumer of a group, then stays pending until acked;
 * - a pending event of a consumer that died is claimed by another after `minIdleMs`;
 * - nothing is ever lost by a crash between read and ack: it is delivered again (at least once),
 *   so consumers must be idempotent by `event.eventId`.
 */
export interface UsageQueue {
  /**
   * Appends events, in order, each its own entry (one write for all: a data plane appends a batch
   * of requests' events at once). Resolves once they are queued; their ids come with {@link read}
   * (nobody that appends needs them, and a busy data plane's batches are hundreds of events).
   */
  append(...events: UsageEvent[]): Promise<void>;
  /** Creates the consumer group (reading from the beginning) if it does not exist. */
  ensureGroup(group: string): Promise<void>;
  /** Up to `count` never-delivered events for `consumer`, waiting up to `blockMs` (0: do not wait) when there are none. */
  read(group: string, consumer: string, count: number, blockMs: number): Promise<QueuedUsageEvent[]>;
  /** Acknowledges events: they will not be delivered again. */
  ack(group: string, ids: readonly string[]): Promise<void>;
  /** Moves to `consumer` up to `count` events pending for at least `minIdleMs` with another (dead) consumer, and returns them. */
  claimStale(group: string, consumer: string, minIdleMs: number, count: number): Promise<QueuedUsageEvent[]>;
  /** Every event not yet acknowledged by `group` (pending or never delivered), oldest first: for reconciliation. */
  unconsumed(group: string): Promise<QueuedUsageEvent[]>;
  /** Drops acknowledged events older than the oldest unacknowledged one; returns how many were dropped. */
  trimConsumed(group: string): Promise<number>;
}
