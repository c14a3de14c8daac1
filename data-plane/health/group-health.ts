import { createLogger } from '../../shared/log.js';
import type { GroupStateBus, GroupStatesRecord } from '../../shared/ports/group-states.js';

const log = createLogger('group-health');

/**
 * The data plane's view of group states (pushed by the control plane through the GroupStateBus):
 * taken from each announcement, and read at start and on a slow poll because pub/sub can drop
 * messages. Only a newer record replaces the one held. Routing skips `unavailable` groups.
 */
export class GroupHealthView {
  private record: GroupStatesRecord | null = null;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(private readonly bus: GroupStateBus, private readonly pollMs = 5000) {}

  /** Subscribes, then reads the stored record; resolves once both are done. */
  async start(): Promise<void> {
    this.unsubscribe = await this.bus.onPublish((r) => this.take(r));
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  /** Stops polling and listening. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.unsubscribe?.();
  }

  /** False only for a group the control plane declared `unavailable`. */
  usable(group: string): boolean {
    return this.record?.states[group] !== 'unavailable';
  }

  /** The version held (null before the first record). */
  get version(): number | null {
    return this.record?.version ?? null;
  }

  private async poll(): Promise<void> {
    try {
      const r = await this.bus.read();
      if (r) this.take(r);
    } catch (err) {
      log.warn('cannot read group states; keeping the last ones', { message: (err as Error).message });
    }
  }

  private take(r: GroupStatesRecord): void {
    // A newer time also wins: a Redis that lost the record restarts versions from 1.
    if (this.record && r.version <= this.record.version && Date.parse(r.at) <= Date.parse(this.record.at)) return;
    this.record = r;
  }
}
