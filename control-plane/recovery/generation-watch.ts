import { randomUUID } from 'node:crypto';
import { createLogger } from '../../shared/log.js';
import type { ConfigBus } from '../../shared/ports/config-bus.js';

const log = createLogger('generation-watch');

/**
 * Notices that Redis lost its data (restarted without persistence, flushed) and has what the
 * control plane keeps there written again, without a restart: every `periodMs`
 * (REDIS_GENERATION_CHECK_MS) it reads the generation marker, which the first reader after a loss
 * writes anew; a marker other than the last one seen runs `republish`. Several control planes may
 * notice one loss together: every step of `republish` is idempotent. A republish that fails is
 * tried again at the next check.
 */
export class GenerationWatch {
  private seen: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<boolean> | undefined;
  /** Whether the last check failed (Redis away): logged once per outage. */
  private failing = false;

  constructor(
    private readonly bus: ConfigBus,
    private readonly republish: () => Promise<void>,
    private readonly periodMs: number,
  ) {}

  /**
   * Takes the marker in force as the one seen. Call before the start-up writes: a loss during
   * them is then noticed by the first check.
   */
  async baseline(): Promise<void> {
    this.seen = await this.bus.generation(randomUUID());
  }

  /** Starts the periodic checks. */
  start(): void {
    this.timer = setInterval(() => void this.check(), this.periodMs);
    this.timer.unref();
  }

  /** Stops the checks, after the one in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.checking;
  }

  /** Checks once (joining a check in progress); resolves true when it republished. Never rejects. */
  check(): Promise<boolean> {
    this.checking ??= this.checkNow().finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async checkNow(): Promise<boolean> {
    try {
      const marker = await this.bus.generation(randomUUID());
      if (this.failing) log.info('Redis reachable again');
      this.failing = false;
      if (marker === this.seen) return false;
      const started = Date.now();
      log.warn('Redis lost its data (its generation marker changed); writing tokens, snapshot, balances and group states again');
      await this.republish();
      this.seen = marker;
      log.info('written again after Redis lost its data', { ms: Date.now() - started });
      return true;
    } catch (err) {
      if (!this.failing) log.warn('generation check failed; trying again', { message: (err as Error).message });
      this.failing = true;
      return false;
    }
  }
}
