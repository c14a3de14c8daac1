import type { MikroORM } from '@mikro-orm/postgresql';
import { createLogger } from '../../shared/log.js';
import type { KeyInvalidation, KeyInvalidations } from '../../shared/ports/key-invalidations.js';
import type { ChannelService } from './channel.service.js';

const log = createLogger('key-invalidations');

/** Reports taken per read. */
const BATCH = 100;

/** How often the queue is looked at when it was found empty. */
export const DEFAULT_KEY_INVALIDATION_POLL_MS = 500;

/**
 * Background job: takes the data planes' reports of upstream keys rejected as invalid and
 * disables each key in the database (once; repeats change nothing), which republishes the
 * snapshot. A batch that fails (database down) is put back on the queue for the next round.
 */
export class KeyInvalidationJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly orm: MikroORM,
    private readonly queue: KeyInvalidations,
    private readonly channels: ChannelService,
    private readonly pollMs = DEFAULT_KEY_INVALIDATION_POLL_MS,
  ) {}

  /** Starts polling. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling, after the round in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Handles every queued report; resolves with how many keys were disabled. */
  async drain(): Promise<number> {
    let disabled = 0;
    for (let batch = await this.queue.take(BATCH); batch.length > 0; batch = await this.queue.take(BATCH)) {
      disabled += await this.handle(batch);
    }
    return disabled;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .then(() => undefined)
        .catch((err: Error) => log.error('cannot take key invalidation reports', { message: err.message }))
        .finally(() => this.schedule(this.pollMs));
    }, delayMs);
  }

  private async handle(batch: KeyInvalidation[]): Promise<number> {
    let disabled = 0;
    for (let i = 0; i < batch.length; i++) {
      const report = batch[i];
      try {
        if (await this.channels.disableRejectedKey(this.orm.em.fork(), report.channelId, report.keyId, report.status)) {
          disabled++;
          log.warn('disabled an upstream key the upstream rejected', { channelId: report.channelId, keyId: report.keyId, status: report.status, node: report.node });
        }
      } catch (err) {
        for (const unhandled of batch.slice(i)) await this.queue.report(unhandled);
        throw err;
      }
    }
    return disabled;
  }
}
