import type { MikroORM } from '@mikro-orm/postgresql';
import { createLogger } from '../../shared/log.js';
import type { BalanceStore } from '../../shared/ports/balance-store.js';
import type { QueuedUsageEvent, UsageQueue } from '../../shared/ports/usage-queue.js';
import { recordedEvents } from '../billing/ledger-view.js';
import type { LedgeredRecord } from './ledgered-marks.js';
import { writeUsageEvents } from './usage.writer.js';

const log = createLogger('usage-consumer');

/** The consumer group every control plane joins: each event is written by one of them. */
export const USAGE_CONSUMER_GROUP = 'control-plane';

/** Tuning of {@link UsageConsumer}. */
export interface UsageConsumerOptions {
  /** This consumer's name in the group (unique per control-plane process). */
  consumer: string;
  /** Events per transaction (about: the queue delivers whole entries, each a data plane's batch of events). */
  batchSize?: number;
  /** How long a blocking read waits for new events. */
  blockMs?: number;
  /** A pending event idle this long belongs to a dead consumer and is claimed. */
  claimIdleMs?: number;
  /** How often the loop reads its own delivered, unacknowledged entries again (see `redeliver`). */
  redeliverEveryMs?: number;
  /** Told the accounts whose ledger changed (after commit), e.g. to publish `balanceChanged`. */
  onCommitted?: (accountIds: readonly string[]) => void;
  /**
   * The hot balances, for the events a data plane replayed after Redis lost its data: the charge
   * of one not recorded yet is taken off its balance unless the balance holds it already.
   */
  balances?: BalanceStore;
  /**
   * Told, after commit, the unledgered records in the hot store whose charges the ledger holds now
   * (replays included), which can go (./ledgered-marks.ts): each charged event's own, and the lease
   * batches of the entries written whole (see {@link UsageConsumer.ledgered}).
   */
  onLedgered?: (records: readonly LedgeredRecord[]) => void;
}

/**
 * Turns usage events into usage records and ledger entries (docs/architecture.md, Redis
 * contract 4): many events per transaction, acknowledged only after commit. A crash between
 * commit and ack makes the events come back (to this consumer's successor, via claim), and the
 * event-id unique constraint makes the replay write nothing. A control plane that was down finds
 * its backlog waiting in the group and catches up.
 */
export class UsageConsumer {
  private readonly batchSize: number;
  private readonly blockMs: number;
  private readonly claimIdleMs: number;
  private readonly redeliverEveryMs: number;
  /** Own entries that could not be written when read again: left to the stale claim, not read again every round. */
  private readonly unwritable = new Set<string>();
  private running: Promise<void> | undefined;
  private stopping = false;
  /**
   * Entries asked for per read: the queue counts entries, and an entry holds the events a data
   * plane appended together (one, or hundreds on a busy one), so this follows the last read's
   * events per entry to make a read about `batchSize` events. It starts at one entry.
   */
  private entriesPerRead = 1;
  /** Events written to the ledger by this consumer since it was made (metrics). */
  eventsWritten = 0;

  constructor(private readonly orm: MikroORM, private readonly queue: UsageQueue, private readonly options: UsageConsumerOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.blockMs = options.blockMs ?? 1000;
    this.claimIdleMs = options.claimIdleMs ?? 60_000;
    this.redeliverEveryMs = options.redeliverEveryMs ?? 5_000;
  }

  /** Starts the background loop. */
  async start(): Promise<void> {
    await this.queue.ensureGroup(USAGE_CONSUMER_GROUP);
    this.stopping = false;
    this.running = this.loop();
  }

  /** Stops the loop after the batch in progress (a blocked read ends within `blockMs`). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
    this.running = undefined;
  }

  /**
   * Writes everything available now without waiting: stale pending events of dead consumers
   * (idle at least `claimIdleMs`, or `claimIdleMs` given here), then new ones. Returns how many
   * events were processed. Used by the loop, by tests and by reconciliation.
   */
  async drain(claimIdleMs = this.claimIdleMs): Promise<number> {
    await this.queue.ensureGroup(USAGE_CONSUMER_GROUP);
    let total = 0;
    const claimed = new Set<string>();
    for (;;) {
      // An entry claimed again in this drain holds an event that cannot be written: it stays pending.
      const stale = (await this.claimStale(claimIdleMs)).filter((s) => !claimed.has(s.id));
      if (stale.length === 0) break;
      for (const s of stale) claimed.add(s.id);
      total += await this.commit(stale);
    }
    // The next batch is read while this one is written: Redis and PostgreSQL work in parallel.
    let batch = await this.readFresh();
    while (batch.length > 0) {
      const next = this.readFresh();
      next.catch(() => undefined); // awaited below; never an unhandled rejection if the commit throws first
      total += await this.commit(batch);
      batch = await next;
    }
    return total;
  }

  private readFresh(blockMs = 0): Promise<QueuedUsageEvent[]> {
    return this.learn(this.queue.read(USAGE_CONSUMER_GROUP, this.options.consumer, this.entriesPerRead, blockMs));
  }

  private claimStale(minIdleMs: number): Promise<QueuedUsageEvent[]> {
    return this.learn(this.queue.claimStale(USAGE_CONSUMER_GROUP, this.options.consumer, minIdleMs, this.entriesPerRead));
  }

  /** Sets {@link entriesPerRead} from what a read brought. */
  private async learn(reading: Promise<QueuedUsageEvent[]>): Promise<QueuedUsageEvent[]> {
    const batch = await reading;
    if (batch.length > 0) {
      const entries = new Set(batch.map((b) => b.id)).size;
      this.entriesPerRead = Math.min(this.batchSize, Math.max(1, Math.round((this.batchSize * entries) / batch.length)));
    }
    return batch;
  }

  private async loop(): Promise<void> {
    let lastClaim = 0;
    // Entries a read delivered to this consumer without its answer ever arriving (Redis frozen past
    // the client's timeout, then serving the read, even one the client gave up on seconds before)
    // are read again at the start, after every error, and every `redeliverEveryMs`, not left for
    // the stale claim a minute later. Between batches this consumer has nothing in flight, so
    // whatever of its own is pending then was never seen.
    let redeliver = true;
    let redeliverAt = 0;
    while (!this.stopping) {
      try {
        if (redeliver || Date.now() >= redeliverAt) {
          if (redeliver) this.unwritable.clear();
          redeliver = false;
          redeliverAt = Date.now() + this.redeliverEveryMs;
          await this.commitRedelivered();
        }
        if (Date.now() - lastClaim >= this.claimIdleMs / 2) {
          lastClaim = Date.now();
          const stale = await this.claimStale(this.claimIdleMs);
          if (stale.length > 0) await this.commit(stale);
          // Keep the stream bounded: what every control plane acknowledged is in PostgreSQL now.
          await this.queue.trimConsumed(USAGE_CONSUMER_GROUP);
        }
        const batch = await this.readFresh(this.blockMs);
        if (batch.length > 0) await this.commit(batch);
      } catch (error) {
        redeliver = true;
        log.error('usage batch failed; retrying', { error: String(error) });
        await new Promise((r) => setTimeout(r, 1000));
        // Redis lost its data (the stream, and the group with it): events appended since go into a
        // new stream that has no group until one is made again.
        if (String(error).includes('NOGROUP')) await this.queue.ensureGroup(USAGE_CONSUMER_GROUP).catch(() => undefined);
      }
    }
  }

  /**
   * Writes this consumer's delivered, unacknowledged entries. An entry tried once here and still
   * pending holds an event that cannot be written yet: it is not tried again in this round, and its
   * error is logged here, so it cannot keep the loop from new events (the next error brings it back).
   */
  private async commitRedelivered(): Promise<void> {
    const tried = new Set<string>();
    for (;;) {
      const page = await this.queue.redeliver(USAGE_CONSUMER_GROUP, this.options.consumer, this.entriesPerRead + tried.size + this.unwritable.size);
      const fresh = page.filter((q) => !tried.has(q.id) && !this.unwritable.has(q.id));
      if (fresh.length === 0) return;
      for (const q of fresh) tried.add(q.id);
      await this.commit(fresh).catch((error: unknown) => {
        for (const q of fresh) this.unwritable.add(q.id);
        log.error('usage events read again cannot be written yet', { events: fresh.length, error: String(error) });
      });
    }
  }

  /**
   * Writes a batch in one transaction and acks its entries after commit. A batch that fails is
   * retried event by event, so one bad event cannot block the rest; an entry is acked once every
   * one of its events is written.
   */
  private async commit(batch: readonly QueuedUsageEvent[]): Promise<number> {
    await this.chargeReplayed(batch);
    try {
      await this.write(batch);
      this.eventsWritten += batch.length;
      this.ledgered(batch, batch);
      await this.ack(batch);
      return batch.length;
    } catch (error) {
      if (batch.length === 1) throw error;
      log.warn('usage batch failed; writing its events one by one', { size: batch.length, error: String(error) });
    }
    const failed = new Set<string>();
    const written: QueuedUsageEvent[] = [];
    for (const item of batch) {
      try {
        await this.write([item]);
        this.eventsWritten += 1;
        written.push(item);
      } catch (error) {
        // Its entry is left pending (never acked): reconciliation shows it as unconsumed until it is fixed.
        failed.add(item.id);
        log.error('usage event cannot be written', { eventId: item.event.eventId, queueId: item.id, error: String(error) });
      }
    }
    const whole = batch.filter((b) => !failed.has(b.id));
    this.ledgered(written, whole);
    await this.ack(whole);
    return written.length;
  }

  /**
   * Before the events of `batch` are written: the charge of each replayed event that is not
   * recorded yet (its first append went with Redis' data) is settled on its hot balance under its
   * event id. The store takes nothing when the balance holds it already (a load counted the
   * queued event, or its own settle came after Redis lost its data), and keeps it for the load
   * when the balance is not loaded. Before the write, so a balance loaded from the ledger can
   * never hold it too.
   */
  private async chargeReplayed(batch: readonly QueuedUsageEvent[]): Promise<void> {
    const balances = this.options.balances;
    const replayed = batch.filter((q) => q.replayed && q.event.chargeMicro !== '0');
    if (!balances || replayed.length === 0) return;
    // An event whose first append is in this batch too was not lost: its charge went with it.
    const firsts = new Set(batch.filter((q) => !q.replayed).map((q) => q.event.eventId));
    const recorded = await recordedEvents(this.orm.em.fork(), replayed.map((q) => q.event.eventId));
    for (const { event } of replayed) {
      if (recorded.has(event.eventId) || firsts.has(event.eventId)) continue;
      await balances.settle(event.accountId, event.eventId, BigInt(event.chargeMicro), event.tokenId);
    }
  }

  private async ack(batch: readonly QueuedUsageEvent[]): Promise<void> {
    await this.queue.ack(USAGE_CONSUMER_GROUP, [...new Set(batch.map((b) => b.id))]);
  }

  /** Writes events in one transaction, then tells onCommitted. */
  private async write(batch: readonly QueuedUsageEvent[]): Promise<void> {
    const accounts = await this.orm.em.fork().transactional((tx) => writeUsageEvents(tx, batch.map((b) => b.event)));
    if (accounts.length > 0) this.options.onCommitted?.(accounts);
  }

  /**
   * Tells onLedgered the records of the `written` events: each charged event's own (a settle's,
   * or one the control plane loaded), and the lease batch named by the events of `whole`, the
   * events of entries written whole. A lease batch's events all arrive in one entry
   * (UsageEvent.chargeBatch), so the ledger then holds the whole batch; an entry with an event that
   * cannot be written keeps its batches' records (reconciliation counts each of their charges once).
   */
  private ledgered(written: readonly QueuedUsageEvent[], whole: readonly QueuedUsageEvent[]): void {
    const records: LedgeredRecord[] = [];
    for (const { event } of written) if (event.chargeMicro !== '0') records.push({ accountId: event.accountId, recordId: event.eventId });
    const batches = new Map<string, string>();
    for (const { event } of whole) if (event.chargeBatch !== null) batches.set(event.chargeBatch, event.accountId);
    for (const [recordId, accountId] of batches) records.push({ accountId, recordId });
    this.options.onLedgered?.(records);
  }
}
