import type { SecretBox } from '../shared/crypto/secrets.js';
import type { Ports } from '../shared/ports/ports.js';
import type { RuntimeConfig } from '../shared/snapshot/runtime-config.js';
import type { DataPlaneConfig } from './config.js';
import type { DataPlaneMetrics } from './metrics/data-plane-metrics.js';

/** What the data plane's endpoint families (the relay pipeline, images, videos) are built from. */
export interface DataPlaneDeps {
  config: DataPlaneConfig;
  ports: Ports;
  secrets: SecretBox;
  /**
   * The configuration in force: read it once per request and keep that object for the whole
   * request (a swap mid-request must not mix two snapshots). Null until the first snapshot.
   */
  runtime: () => RuntimeConfig | null;
  /** This process' id (12 hex digits): the prefix of its request ids and lease ids, named in its heartbeat. */
  instance: string;
  /** The node's Prometheus series (README "Metrics"); stages report to it at their existing hooks. */
  metrics?: DataPlaneMetrics;
}
