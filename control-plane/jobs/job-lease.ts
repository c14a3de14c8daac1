/**
 * Jobs that must run on one control plane at a time (reconciliation, health folds and probes, the
 * data-plane watcher, the dead-node release, republishing after a Redis loss) hold a lease: a
 * value in the shared EphemeralStore (Redis in split mode, in-process in all-in-one) naming the
 * control plane that holds it, with an expiry it renews. When the holder dies, its lease expires
 * and another control plane takes it at its next renewal, so the job moves within `ttlMs` plus a
 * renewal period; a holder that stops cleanly lets go at once.
 *
 * Use: create one {@link JobLease} per job name, `start()` it with the control plane, and check
 * {@link JobLease.held} at each run of the job (or wrap the run in {@link JobLease.run}). `held`
 * turns false by this process' own clock a little before the lease can expire in the store, so
 * two control planes never both believe they hold it (even when renewals fail, e.g. Redis down).
 */
import { randomUUID } from 'node:crypto';
import { createLogger } from '../../shared/log.js';
import type { EphemeralStore } from '../../shared/ports/ephemeral-store.js';

const log = createLogger('job-lease');

/** Default lease time (JOB_LEASE_MS): how long a job stays without a runner after its control plane died. */
export const JOB_LEASE_MS = 15_000;

/** One id per control-plane process: the holder value of each of its leases. */
export function newHolderId(): string {
  return `cp:${randomUUID()}`;
}

/** A lease on one job name for one control plane. */
export class JobLease {
  private timer: NodeJS.Timeout | undefined;
  /** performance.now() until which this process may act as the holder. */
  private heldUntil = 0;
  private renewing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly store: EphemeralStore,
    /** The job's name, the same on every control plane. */
    readonly name: string,
    /** This control plane's id ({@link newHolderId}). */
    readonly holder: string,
    /** How long the lease lasts without renewal; renewed every third of it. */
    private readonly ttlMs: number = JOB_LEASE_MS,
  ) {}

  /** Whether this control plane holds the lease now, and so may run the job. */
  get held(): boolean {
    return !this.stopped && performance.now() < this.heldUntil;
  }

  /** Tries to take the lease now (resolves once answered), then renews it, or tries again, every third of `ttlMs`. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.renew();
    this.timer = setInterval(() => void this.renew(), Math.max(10, Math.floor(this.ttlMs / 3)));
    this.timer.unref();
  }

  /** Stops renewing and lets the lease go (another control plane takes it at its next try). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.renewing;
    const wasHeld = this.heldUntil > 0;
    this.heldUntil = 0;
    if (wasHeld) await this.store.letGo(this.name, this.holder).catch((err: unknown) => log.warn('lease not let go; it expires', { job: this.name, error: String(err) }));
  }

  /** Runs `job` if this control plane holds the lease; resolves with its result, or undefined when it is held elsewhere. */
  async run<T>(job: () => Promise<T>): Promise<T | undefined> {
    return this.held ? job() : undefined;
  }

  private renew(): Promise<void> {
    this.renewing = this.renewing.then(async () => {
      if (this.stopped) return;
      // Counted from before the call: the store's expiry started no earlier than this.
      const sentAt = performance.now();
      const wasHeld = this.held;
      try {
        const held = await this.store.hold(this.name, this.holder, this.ttlMs);
        // A tenth of the lease as margin for clocks that run at slightly different rates.
        this.heldUntil = held && !this.stopped ? sentAt + this.ttlMs * 0.9 : 0;
      } catch (err) {
        // heldUntil stays: the lease is ours until then unless renewed, and the store says so too.
        if (wasHeld) log.warn('lease not renewed', { job: this.name, error: String(err) });
      }
      if (this.held !== wasHeld) log.info(this.held ? 'job lease taken' : 'job lease lost', { job: this.name, holder: this.holder });
    });
    return this.renewing;
  }
}

/**
 * Runs `job` every `periodMs` on the control plane that holds `lease` (started with it); a run
 * still going when the next is due is not doubled. Returns a stop that waits for the run under way.
 */
export function everyWhileHeld(lease: JobLease, periodMs: number, job: () => Promise<unknown>): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy || !lease.held) return;
    busy = true;
    running = job()
      .catch((err: unknown) => log.error('job failed', { job: lease.name, error: String(err) }))
      .finally(() => (busy = false));
  }, periodMs);
  timer.unref();
  void lease.start().catch((err: unknown) => log.warn('lease not taken', { job: lease.name, error: String(err) }));
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      await lease.stop();
    },
  };
}
