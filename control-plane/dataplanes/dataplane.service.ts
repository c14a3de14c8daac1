import type { PubSub } from 'type-graphql';
import { createLogger } from '../../shared/log.js';
import { everyWhileHeld, type JobLease, type Schedule } from '../jobs/job-lease.js';
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
 * (after a control-plane start) sets its baseline without an event. The watcher runs on one
 * control plane at a time (a job lease); its events reach the subscribers of every control plane
 * through the GraphQL event bus (Redis pub/sub in a split deployment).
 */
export class DataPlaneService {
  private readonly known = new Map<string, DataPlaneState>();
  private schedule: Schedule | undefined;

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

  /**
   * Watches while this control plane holds `lease`. Elsewhere it forgets what it saw: taking the
   * job over later starts from fresh baselines, not from states another holder has announced since.
   */
  start(lease: JobLease): void {
    this.schedule = everyWhileHeld(lease, this.options.periodMs, () => this.tick(), async () => this.known.clear());
  }

  /** Stops watching (after the check in progress). */
  async stop(): Promise<void> {
    await this.schedule?.stop();
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
      const fields = { node: status.node, from: previousState, to: status.state, revision: status.revision };
      // Called on the logger: its methods use `this`.
      if (status.state === 'ok') log.info('data plane status changed', fields);
      else log.warn('data plane status changed', fields);
      this.pubSub.publish(DATA_PLANE_STATUS_TOPIC, change);
    }
    return changes;
  }
}
