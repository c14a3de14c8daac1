import { setImmediate as nextTurn } from 'node:timers/promises';
import { createLogger } from '../../shared/log.js';
import type { ConfigBus } from '../../shared/ports/config-bus.js';
import { snapshotText, type CanonicalContent } from '../../shared/snapshot/hash.js';
import type { RoutingSnapshot } from '../../shared/snapshot/types.js';

const log = createLogger('snapshot-publisher');

/** The result of one publish. */
export interface PublishOutcome {
  /** The revision in force after this publish. */
  revision: number;
  hash: string;
  /** False when the catalog had not changed since the stored snapshot (nothing was written). */
  published: boolean;
}

/** Timing knobs, injectable for tests. */
export interface PublisherOptions {
  /** After a failed publish (database or Redis down), try again after this long. */
  retryMs?: number;
}

/** Publishes refused by a newer revision are rebuilt at most this many times in a row. */
const MAX_ATTEMPTS = 5;

/**
 * Turns catalog changes into snapshot revisions. `requestPublish` coalesces: at most one build runs
 * and at most one waits behind it, and every request made while one waits joins it, so a burst of
 * 100 changes costs a couple of builds. When idle, a build starts on the next turn of the event
 * loop (no debounce: the requests of one synchronous burst still join it). A build reads the
 * catalog after the request that queued it, so every change committed before `requestPublish` is
 * in the snapshot it resolves with.
 */
export class SnapshotPublisher {
  /** Builds started so far (what the coalescing test counts). */
  builds = 0;
  private queued: Promise<PublishOutcome> | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly retryMs: number;

  constructor(
    private readonly build: () => Promise<CanonicalContent>,
    private readonly bus: ConfigBus,
    options: PublisherOptions = {},
  ) {
    this.retryMs = options.retryMs ?? 2000;
  }

  /** Schedules a build and publish; resolves with the revision that includes every change made so far. */
  requestPublish(): Promise<PublishOutcome> {
    if (this.queued) return this.queued;
    const queued = this.tail
      .then(() => nextTurn())
      .then(() => {
        this.queued = null; // from here on, new changes need another build
        return this.publishOnce();
      });
    this.queued = queued;
    this.tail = queued.catch((err: Error) => this.scheduleRetry(err));
    return queued;
  }

  /** Stops retries and waits for the builds in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.tail;
  }

  private async publishOnce(): Promise<PublishOutcome> {
    for (let attempt = 1; ; attempt++) {
      this.builds += 1;
      const built = await this.build();
      const { hash } = built;
      const head = await this.bus.readHead();
      if (head?.hash === hash) return { revision: head.revision, hash, published: false };
      const revision = await this.bus.allocateRevision();
      const snapshot: RoutingSnapshot = { ...built.content, revision, hash, createdAt: new Date().toISOString() };
      if (await this.bus.publishSnapshot(snapshot, snapshotText(built, snapshot))) {
        log.info('snapshot published', { revision, hash });
        return { revision, hash, published: true };
      }
      // Another control-plane instance stored a higher revision meanwhile. Its build may predate
      // ours, so rebuild (reading the catalog again) rather than give up.
      if (attempt >= MAX_ATTEMPTS) throw new Error(`snapshot publish refused ${attempt} times in a row (revision ${revision})`);
    }
  }

  private scheduleRetry(err: Error): void {
    log.error('snapshot publish failed; will retry', { message: err.message, retryMs: this.retryMs });
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.requestPublish().catch(() => undefined), this.retryMs);
    this.retryTimer.unref();
  }
}
