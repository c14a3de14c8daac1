import { createLogger } from '../../shared/log.js';
import type { GroupStateBus, GroupStatesRecord } from '../../shared/ports/group-states.js';

const log = createLogger('group-health');

/**
 * The data plane's view of group states (pushed by the control plane through the GroupStateBus):
 * taken from each announcement, and read at start and on a slow poll because pub/sub can drop
 * messages. Only a newer record replaces the one held. Routing skips a group for a model when that
 * model is unavailable in it (while another group may serve it) or when the group is down; a
 * record of an older control plane (without a routing part) makes every `unavailable` group skipped.
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

  /**
   * May `group` serve `model`? No when the group is down, and no when the model's own recent
   * attempts there all failed and `others` (another candidate group may serve it): as the last
   * candidate it is tried, so its breakers, not a stale verdict, decide and its recovery is seen.
   */
  usable(group: string, model: string, others: boolean): boolean {
    const record = this.record;
    if (!record) return true;
    if (!record.routing) return record.states[group] !== 'unavailable';
    if (record.routing.down.includes(group)) return false;
    return !(others && record.routing.unavailableModels[group]?.includes(model));
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
