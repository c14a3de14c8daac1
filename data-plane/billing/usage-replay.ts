/**
 * Usage events a data plane appended shortly before Redis lost its data (FLUSHALL, a restart
 * without persistence) may have gone with it before the control plane read them: the client was
 * answered and charged on the hot balance, and the ledger would never hear of it. So the events
 * appended in the last {@link REPLAY_WINDOW_MS} are kept, the store's generation marker is read
 * every period (the first reader after a loss writes a new one), and when it changes they are
 * appended again, marked as replayed (UsageQueue.replay). The control plane writes each event
 * once (by event id) and takes a replayed event's charge off the hot balance only when the
 * balance lacks it (see control-plane/usage/usage.consumer.ts).
 */
import { randomUUID } from 'node:crypto';
import type { UsageEvent } from '../../shared/billing/usage-event.js';
import { createLogger } from '../../shared/log.js';
import type { ConfigBus } from '../../shared/ports/config-bus.js';
import type { UsageQueue } from '../../shared/ports/usage-queue.js';
import { withRetries } from './redis-retry.js';

const log = createLogger('usage-replay');

/**
 * How long an appended entry is kept: far longer than the control plane takes to read the queue
 * while it runs (about a second), plus a period to notice the loss. Events appended while no
 * control plane read the queue for longer than this are lost with Redis' data.
 */
export const REPLAY_WINDOW_MS = 30_000;

/** Keeps recent usage entries and appends them again after Redis lost its data. */
export class UsageReplay {
  /** Entries Redis accepted, oldest first, with when. */
  private readonly kept: { events: readonly UsageEvent[]; at: number }[] = [];
  private seen: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> = Promise.resolve();

  constructor(
    private readonly bus: ConfigBus,
    private readonly queue: UsageQueue,
    /** How often the generation marker is read (HEARTBEAT_MS). */
    private readonly periodMs: number,
    private readonly stop: AbortSignal,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts the checks (the first one takes the marker in force as the one seen). */
  start(): void {
    this.timer = setInterval(() => {
      this.checking = this.checking.then(() => this.check());
    }, this.periodMs);
    this.timer.unref();
    this.checking = this.check();
  }

  /** Stops the checks, after the one in progress. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.checking;
  }

  /** Keeps the events of an entry Redis accepted. */
  keep(events: readonly UsageEvent[]): void {
    const now = this.now();
    this.kept.push({ events, at: now });
    // Oldest first: only the few that aged out since the last call are looked at.
    let aged = 0;
    while (this.kept[aged].at < now - REPLAY_WINDOW_MS) aged += 1;
    if (aged > 0) this.kept.splice(0, aged);
  }

  private async check(): Promise<void> {
    let marker: string;
    try {
      marker = await this.bus.generation(randomUUID());
    } catch {
      return; // Redis away: the next check reads it
    }
    const lost = this.seen !== undefined && marker !== this.seen;
    this.seen = marker;
    if (!lost) return;
    const since = this.now() - REPLAY_WINDOW_MS;
    const events = this.kept.filter((k) => k.at >= since).flatMap((k) => k.events);
    if (events.length === 0) return;
    log.warn('Redis lost its data: appending the recent usage events again', { events: events.length });
    await withRetries(() => this.queue.replay(events), undefined, this.stop).catch((err: unknown) =>
      log.error('usage events not replayed', { events: events.length, error: String(err) }),
    );
  }
}
