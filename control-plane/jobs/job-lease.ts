/**
 * Jobs that must run on one control plane at a time (reconciliation, the reservation-expiry
 * sweep, health folds, states and probes, the data-plane watcher, the dead-node release) hold a
 * lease: a value in the shared EphemeralStore (Redis in split mode, in-process in all-in-one)
 * naming the control plane that holds it, with an expiry it renews. When the holder dies or
 * cannot reach Redis, its lease expires and another control plane takes it at its next renewal,
 * so the job moves within `ttlMs` plus a renewal period; a holder that stops cleanly lets go at once.
 *
 * Use: take a lease per job name from the control plane's {@link JobLeases} and run the job with
 * {@link everyWhileHeld}. `held` turns false by this process' own clock a little before the lease
 * can expire in the store, so two control planes never both believe they hold it (even when
 * renewals fail, e.g. Redis down). One exception: when Redis loses its data the lease goes with
 * it, and another control plane may take it before the holder's next renewal tells it so (at most
 * a third of `ttlMs`); every leased job is idempotent, so that costs a repeated run at most.
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

  /** Tries to take the lease now (resolves once answered), then renews it, or tries again, every third of `ttlMs`. Started once. */
  async start(): Promise<void> {
    if (this.timer) return this.renewing;
    this.stopped = false;
    await this.renew();
    this.timer = setInterval(() => void this.renew(), Math.max(10, Math.floor(this.ttlMs / 3)));
    this.timer.unref();
  }

  /** Stops renewing and lets the lease go (another control plane takes it at its next try). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.renewing;
    const wasHeld = this.heldUntil > 0;
    this.heldUntil = 0;
    if (wasHeld) await this.store.letGo(this.name, this.holder).catch((err: unknown) => log.warn('lease not let go; it expires', { job: this.name, error: String(err) }));
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

/** A periodic job: {@link everyWhileHeld}'s answer. */
export interface Schedule {
  /** Stops the schedule and waits for the run under way. */
  stop(): Promise<void>;
}

/**
 * Runs `job` every `periodMs` while this control plane holds `lease` (started elsewhere, see
 * {@link JobLeases}), and `elsewhere` (if given) on the ticks where another holds it: for
 * followers that keep a view of what the holder does, or forget what they knew as holder. A run
 * still going when the next is due is not doubled.
 */
export function everyWhileHeld(lease: JobLease, periodMs: number, job: () => Promise<unknown>, elsewhere?: () => Promise<unknown>): Schedule {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    const run = lease.held ? job : elsewhere;
    if (busy || !run) return;
    busy = true;
    running = run()
      .catch((err: unknown) => log.error('job failed', { job: lease.name, held: lease.held, error: String(err) }))
      .finally(() => (busy = false));
  }, periodMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * The job leases of one control plane: one {@link JobLease} per job name, all under one holder
 * id, lasting `ttlMs` (JOB_LEASE_MS). Several jobs may share a name when they must run on the same
 * control plane (the health folds, states and probes). Stop the jobs first, then the leases.
 */
export class JobLeases {
  /** This control plane's id in every lease. */
  readonly holder = newHolderId();
  private readonly leases = new Map<string, JobLease>();

  constructor(
    private readonly store: EphemeralStore,
    private readonly ttlMs: number = JOB_LEASE_MS,
  ) {}

  /** The lease of job `name`, started on first use; resolves once its first try is answered (so `held` tells). */
  async lease(name: string): Promise<JobLease> {
    let lease = this.leases.get(name);
    if (!lease) {
      lease = new JobLease(this.store, name, this.holder, this.ttlMs);
      this.leases.set(name, lease);
    }
    await lease.start();
    return lease;
  }

  /** Whether this control plane holds the lease of job `name` now. */
  held(name: string): boolean {
    return this.leases.get(name)?.held ?? false;
  }

  /** Lets every lease go, so other control planes take the jobs at their next try. */
  async stop(): Promise<void> {
    await Promise.all([...this.leases.values()].map((lease) => lease.stop()));
  }
}
