import type { UsageEvent } from '../../billing/usage-event.js';
import { decodeUsageEntry, encodeUsageEntry } from '../../billing/usage-event-codec.js';
import { compareStreamIds } from '../stream-id.js';
import type { QueuedUsageEvent, UsageBacklog, UsageQueue } from '../usage-queue.js';

/** One entry: its id, its events' text, and whether it is a replay (UsageQueue.replay). */
interface Entry {
  id: string;
  text: string;
  replayed: boolean;
}

interface GroupState {
  /** Index into `entries` of the next never-delivered entry. */
  next: number;
  /** Delivered, unacknowledged ids -> owner and delivery time. */
  pending: Map<string, { consumer: string; deliveredAt: number }>;
}

/**
 * In-process UsageQueue for all-in-one mode, with the Redis stream's consumer-group semantics
 * (ids `<ms>-<seq>`, at-least-once delivery, pending entries claimable after an idle time).
 * An entry holds the events of one append as their stream text (usage-event-codec.ts), a line
 * each, as in Redis, so readers never share objects with writers.
 */
export class MemoryUsageQueue implements UsageQueue {
  private entries: Entry[] = [];
  private readonly groups = new Map<string, GroupState>();
  private readonly waiters = new Set<() => void>();
  private lastMs = 0;
  private seq = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async append(...events: UsageEvent[]): Promise<void> {
    this.push(events, false);
  }

  async replay(events: readonly UsageEvent[]): Promise<void> {
    this.push(events, true);
  }

  private push(events: readonly UsageEvent[], replayed: boolean): void {
    if (events.length === 0) return;
    const ms = Math.max(this.now(), this.lastMs);
    this.seq = ms === this.lastMs ? this.seq + 1 : 0;
    this.lastMs = ms;
    this.entries.push({ id: `${ms}-${this.seq}`, text: encodeUsageEntry(events), replayed });
    for (const wake of this.waiters) wake();
  }

  async backlog(group: string): Promise<UsageBacklog> {
    const state = this.groups.get(group) ?? { next: 0, pending: new Map() };
    const waiting = [...state.pending.keys(), ...this.entries.slice(state.next).map((e) => e.id)];
    const oldest = waiting.sort(compareStreamIds)[0];
    return { entries: waiting.length, oldestMs: oldest === undefined ? null : Number(oldest.split('-')[0]) };
  }

  async ensureGroup(group: string): Promise<void> {
    if (!this.groups.has(group)) this.groups.set(group, { next: 0, pending: new Map() });
  }

  async read(group: string, consumer: string, count: number, blockMs: number): Promise<QueuedUsageEvent[]> {
    const state = this.group(group);
    if (state.next >= this.entries.length && blockMs > 0) await this.waitForAppend(blockMs);
    const delivered = this.entries.slice(state.next, state.next + count);
    state.next += delivered.length;
    const now = this.now();
    for (const entry of delivered) state.pending.set(entry.id, { consumer, deliveredAt: now });
    return delivered.flatMap(decode);
  }

  async redeliver(group: string, consumer: string, count: number): Promise<QueuedUsageEvent[]> {
    const state = this.group(group);
    const mine = new Set([...state.pending].filter(([, owner]) => owner.consumer === consumer).map(([id]) => id));
    // Trimmed while pending: nothing left to read (acknowledged, as the Redis queue does).
    for (const id of mine) if (!this.entries.some((e) => e.id === id)) state.pending.delete(id);
    const now = this.now();
    const entries = this.entries.filter((e) => mine.has(e.id)).slice(0, count);
    for (const entry of entries) state.pending.set(entry.id, { consumer, deliveredAt: now });
    return entries.flatMap(decode);
  }

  async ack(group: string, ids: readonly string[]): Promise<void> {
    const state = this.group(group);
    for (const id of ids) state.pending.delete(id);
  }

  async claimStale(group: string, consumer: string, minIdleMs: number, count: number): Promise<QueuedUsageEvent[]> {
    const state = this.group(group);
    const now = this.now();
    const claimed: QueuedUsageEvent[] = [];
    let entries = 0;
    for (const [id, owner] of [...state.pending].sort(([a], [b]) => compareStreamIds(a, b))) {
      if (entries >= count) break;
      if (now - owner.deliveredAt < minIdleMs) continue;
      const entry = this.entries.find((e) => e.id === id);
      if (!entry) {
        state.pending.delete(id); // trimmed while pending, as XAUTOCLAIM does
        continue;
      }
      state.pending.set(id, { consumer, deliveredAt: now });
      entries += 1;
      claimed.push(...decode(entry));
    }
    return claimed;
  }

  async unconsumed(group: string): Promise<QueuedUsageEvent[]> {
    const state = this.groups.get(group);
    // No group yet: the group, made from the start, will read every entry.
    if (!state) return this.entries.flatMap(decode);
    return this.entries.filter((e, i) => i >= state.next || state.pending.has(e.id)).flatMap(decode);
  }

  async trimConsumed(group: string): Promise<number> {
    const state = this.groups.get(group);
    if (!state) return 0;
    let keep = state.next;
    for (let i = 0; i < state.next; i += 1) {
      if (state.pending.has(this.entries[i].id)) {
        keep = i;
        break;
      }
    }
    this.entries = this.entries.slice(keep);
    for (const g of this.groups.values()) g.next = Math.max(g.next - keep, 0);
    return keep;
  }

  private group(name: string): GroupState {
    const state = this.groups.get(name);
    if (!state) throw new Error(`NOGROUP: no consumer group ${name}`);
    return state;
  }

  private waitForAppend(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }
}

function decode(entry: Entry): QueuedUsageEvent[] {
  return decodeUsageEntry(entry.text).map((event) => (entry.replayed ? { id: entry.id, event, replayed: true } : { id: entry.id, event }));
}
