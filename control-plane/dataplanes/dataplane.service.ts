import type { PubSub } from 'type-graphql';
import { createLogger } from '../../shared/log.js';
import type { ConfigBus } from '../../shared/ports/config-bus.js';
import { dataPlaneStatus, type DataPlaneState, type DataPlaneStatus, type DataPlaneThresholds } from './dataplane.status.js';

const log = createLogger('dataplanes');

/** The PubSub topic of {@link DataPlaneStatusChange} events. */
export const DATA_PLANE_STATUS_TOPIC = 'DATA_PLANE_STATUS_CHANGED';

/** A data plane entered a new state. */
export interface DataPlaneStatusChange {
  state: DataPlaneState;
  previousState: DataPlaneState;
  status: DataPlaneStatus;
}

/** Watch settings: thresholds plus how often to look. */
export interface DataPlaneWatchOptions extends DataPlaneThresholds {
  periodMs: number;
}

/**
 * The data planes as seen from their heartbeats, and a watcher that raises an event when one goes
 * silent, lags behind the current snapshot for too long, or recovers. A node's first sighting
 * (after a control-plane start) sets its baseline without an event.
 */
export class DataPlaneService {
  private readonly known = new Map<string, DataPlaneState>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly bus: ConfigBus,
    private readonly pubSub: PubSub,
    private readonly options: DataPlaneWatchOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every data plane that ever beat, in node-name order. */
  async list(): Promise<DataPlaneStatus[]> {
    const [beats, head] = await Promise.all([this.bus.readHeartbeats(), this.bus.readHead()]);
    const now = this.now();
    return beats.map((beat) => dataPlaneStatus(beat, head, now, this.options));
  }

  /** Starts watching. */
  start(): void {
    this.timer = setInterval(() => {
      this.ticking = this.tick().catch((err: Error) => log.warn('data-plane watch failed', { message: err.message }));
    }, this.options.periodMs);
    this.timer.unref();
  }

  /** Stops watching (after the check in progress). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.ticking;
  }

  /** One check: publishes and returns the changes since the previous one. */
  async tick(): Promise<DataPlaneStatusChange[]> {
    const changes: DataPlaneStatusChange[] = [];
    for (const status of await this.list()) {
      const previousState = this.known.get(status.node);
      this.known.set(status.node, status.state);
      if (previousState === undefined || previousState === status.state) continue;
      const change = { state: status.state, previousState, status };
      changes.push(change);
      (status.state === 'ok' ? log.info : log.warn)('data plane status changed', { node: status.node, from: previousState, to: status.state, revision: status.revision });
      this.pubSub.publish(DATA_PLANE_STATUS_TOPIC, change);
    }
    return changes;
  }
}
