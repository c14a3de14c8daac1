/** A data plane's report that an upstream rejected one key of a channel as invalid. */
export interface KeyInvalidation {
  channelId: string;
  keyId: string;
  /** The upstream's HTTP status (401, or a 403/400 that named the key invalid). */
  status: number;
  /** The reporting data plane's node name. */
  node: string;
  /** When the upstream answered, ISO 8601. */
  at: string;
}

/**
 * Reports of rejected upstream keys, from data planes to the control plane (which disables the
 * key and republishes the snapshot). A queue: each report is taken by one control-plane instance.
 * A report taken by an instance that dies before acting on it is lost; that costs little, since
 * the data plane has already stopped using the key and reports it again if a later snapshot
 * still offers it and the upstream still refuses it.
 */
export interface KeyInvalidations {
  /** Queues a report. */
  report(report: KeyInvalidation): Promise<void>;
  /** Takes up to `max` reports, oldest first (none waiting: an empty list). */
  take(max: number): Promise<KeyInvalidation[]>;
}
