import { createLogger } from '../../shared/log.js';
import type { ConfigBus, DataPlaneHeartbeat } from '../../shared/ports/config-bus.js';
import type { LoaderReport } from './snapshot-loader.js';

const log = createLogger('heartbeat');

/**
 * Writes this node's heartbeat (applied revision and hash, last refusal) every `periodMs`, and at
 * once when asked (after an apply or a refusal), so the control plane sees drift quickly.
 */
export class Heartbeat {
  private timer: NodeJS.Timeout | undefined;
  /** Beats are chained so an older state never lands after a newer one. */
  private chain: Promise<void> = Promise.resolve();
  /** A beat queued behind the one being written: later requests join it (no backlog while Redis is slow or down). */
  private queued: Promise<void> | null = null;
  private failing = false;
  private stopped = false;

  constructor(
    private readonly bus: ConfigBus,
    private readonly node: string,
    private readonly periodMs: number,
    private readonly report: () => LoaderReport,
    /** This process (see DataPlaneHeartbeat.instance). */
    private readonly instance?: string,
  ) {}

  /** Beats now and then every period. */
  start(): void {
    void this.beat();
    this.timer = setInterval(() => void this.beat(), this.periodMs);
    this.timer.unref();
  }

  /** Writes the current state (read when the write happens, not when it was asked for). */
  beat(): Promise<void> {
    if (this.queued) return this.queued;
    this.queued = this.chain.then(async () => {
      this.queued = null;
      if (this.stopped) return;
      const r = this.report();
      const beat: DataPlaneHeartbeat = {
        node: this.node,
        revision: r.revision,
        hash: r.hash,
        appliedAt: r.appliedAt?.toISOString() ?? null,
        lastBeatAt: new Date().toISOString(),
        ...(r.lastError ? { lastError: r.lastError } : {}),
        ...(this.instance ? { instance: this.instance } : {}),
      };
      try {
        await this.bus.writeHeartbeat(beat);
        this.failing = false;
      } catch (err) {
        if (!this.failing) log.warn('cannot write the heartbeat', { node: this.node, message: (err as Error).message });
        this.failing = true;
      }
    });
    this.chain = this.queued;
    return this.chain;
  }

  /** Stops beating (after the write in progress; a queued one is dropped). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.chain;
  }
}
