import { addAttempt, addCount, minuteOf, type BucketIncrements, type OutcomeAttempt, type OutcomeCount } from '../../shared/health/outcome.js';
import { createLogger } from '../../shared/log.js';
import { MAX_FIELDS_PER_ADD, type OutcomeCounters } from '../../shared/ports/outcome-counters.js';

const log = createLogger('outcomes');

/** Recorder options. */
export interface OutcomeRecorderOptions {
  /** How often the batch goes to the counters (default 1000 ms). */
  flushMs?: number;
  /** The clock (epoch ms) that decides an attempt's minute bucket; injected by tests. */
  now?: () => number;
  /**
   * Fields kept while the counters are unreachable; beyond it new attempts are dropped (health
   * loses some samples rather than the node its memory).
   */
  maxPendingFields?: number;
}

/**
 * Counts upstream attempts in memory and adds them to the outcome counters every second: the
 * request path does a few map updates and no I/O. Call `record` after every upstream attempt
 * (not only the last of a request); never for client mistakes, which reach no upstream.
 */
export class OutcomeRecorder {
  private pending = new Map<number, BucketIncrements>();
  private pendingFields = 0;
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private readonly now: () => number;
  private readonly maxPendingFields: number;

  constructor(private readonly counters: OutcomeCounters, options: OutcomeRecorderOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxPendingFields = options.maxPendingFields ?? 200_000;
    this.timer = setInterval(() => void this.flush(), options.flushMs ?? 1000);
    this.timer.unref();
  }

  /** Counts one attempt, in the minute it ended. */
  record(attempt: OutcomeAttempt): void {
    this.add((bucket) => addAttempt(bucket, attempt));
  }

  /** Adds one count (a skipped candidate, cache reads), in the current minute. */
  count(count: OutcomeCount): void {
    this.add((bucket) => addCount(bucket, count));
  }

  private add(write: (bucket: BucketIncrements) => void): void {
    if (this.pendingFields >= this.maxPendingFields) return;
    const minute = minuteOf(this.now());
    let bucket = this.pending.get(minute);
    if (!bucket) this.pending.set(minute, (bucket = new Map()));
    const before = bucket.size;
    write(bucket);
    this.pendingFields += bucket.size - before;
  }

  /** Sends the batch now (after any flush in progress); a batch that fails is kept for the next one. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.send());
    return this.flushing;
  }

  /** Stops the timer and sends what is left. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async send(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.pendingFields = 0;
    for (const [minute, increments] of batch) {
      for (const chunk of chunks(increments, MAX_FIELDS_PER_ADD)) {
        try {
          await this.counters.add(minute, chunk);
        } catch (err) {
          log.warn('outcome flush failed; kept for the next one', { message: (err as Error).message });
          this.merge(minute, chunk);
        }
      }
    }
  }

  private merge(minute: number, increments: BucketIncrements): void {
    let bucket = this.pending.get(minute);
    if (!bucket) this.pending.set(minute, (bucket = new Map()));
    for (const [f, n] of increments) {
      if (!bucket.has(f)) this.pendingFields += 1;
      bucket.set(f, (bucket.get(f) ?? 0) + n);
    }
  }
}

/** `increments` in pieces of at most `size` fields (each added whole, so a failed one can be kept alone). */
function* chunks(increments: BucketIncrements, size: number): Generator<BucketIncrements> {
  let chunk: BucketIncrements = new Map();
  for (const [field, n] of increments) {
    chunk.set(field, n);
    if (chunk.size === size) {
      yield chunk;
      chunk = new Map();
    }
  }
  if (chunk.size) yield chunk;
}
