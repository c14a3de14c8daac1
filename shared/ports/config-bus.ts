import type { RoutingSnapshot, SnapshotAnnouncement, SnapshotHead } from '../snapshot/types.js';

/** A snapshot a data plane refused, and why. */
export interface RefusedSnapshot {
  /** Null when the revision could not be read (e.g. not JSON at all). */
  revision: number | null;
  message: string;
}

/** What a data plane reports every few seconds (docs/architecture.md, Redis contract 1). */
export interface DataPlaneHeartbeat {
  node: string;
  /** The applied snapshot; null before the first one. */
  revision: number | null;
  hash: string | null;
  /** ISO 8601: when the applied snapshot was swapped in (null before the first one). */
  appliedAt: string | null;
  /** ISO 8601: when this beat was written. */
  lastBeatAt: string;
  /** The last refused snapshot, until a newer one is applied. */
  lastError?: RefusedSnapshot;
  /**
   * The beating process (one per start of the node; the prefix of its request and lease ids:
   * `req_<instance>`, `lease:<node>:<instance>:`), so that the reservations of one that died can
   * be released (see {@link ConfigBus.readInstances}).
   */
  instance?: string;
}

/** A data-plane process as its last heartbeat left it. */
export interface DataPlaneInstance {
  node: string;
  instance: string;
  /** Epoch ms of its last beat. */
  lastBeatAt: number;
}

/**
 * How the control plane pushes routing snapshots to the data planes: the whole snapshot under one
 * key, only `{revision, hash}` announced (pub/sub is lossy: readers also poll), plus the
 * heartbeats the data planes write back. Redis in split mode, in-process in all-in-one.
 */
export interface ConfigBus {
  /** The next snapshot revision: monotonic across control-plane restarts and instances. */
  allocateRevision(): Promise<number>;
  /**
   * Stores `snapshot` whole and announces it, atomically. Refused (returns false, stores nothing)
   * when a snapshot of the same or a higher revision is already stored. `text` is its wire text
   * (`serializeSnapshot(snapshot)`), passed when the caller has it already.
   */
  publishSnapshot(snapshot: RoutingSnapshot, text?: string): Promise<boolean>;
  /** The stored snapshot as raw JSON text (unparsed: the reader validates it), or null. */
  readSnapshot(): Promise<string | null>;
  /** Revision, hash and creation time of the stored snapshot, without reading it whole; null when none. */
  readHead(): Promise<SnapshotHead | null>;
  /** Calls `listener` on every announcement; resolves once subscribed. Returns an unsubscribe. */
  onAnnouncement(listener: (announcement: SnapshotAnnouncement) => void): Promise<() => Promise<void>>;
  /** Writes (replaces) the heartbeat of `beat.node`, and notes the beat of `beat.instance`. */
  writeHeartbeat(beat: DataPlaneHeartbeat): Promise<void>;
  /** Every data-plane process that beat and was not forgotten, with its last beat. */
  readInstances(): Promise<DataPlaneInstance[]>;
  /** Forgets a process (its reservations were released), unless it beat again after `lastBeatAt`. */
  forgetInstance(instance: DataPlaneInstance): Promise<void>;
  /** Every heartbeat ever written, one per node, in node-name order. */
  readHeartbeats(): Promise<DataPlaneHeartbeat[]>;
  /**
   * The store's generation marker: the id stored, or `candidate` when none was (stored now,
   * atomically: of two callers at once, both get the first one's). A different answer than the
   * last one means the store lost its data meanwhile, and what it held must be written again.
   */
  generation(candidate: string): Promise<string>;
}

/** Parses an announcement message; null when it is not one (foreign or corrupted publishers). */
export function parseAnnouncement(message: string): SnapshotAnnouncement | null {
  try {
    const v = JSON.parse(message) as Partial<SnapshotAnnouncement>;
    return Number.isSafeInteger(v.revision) && typeof v.hash === 'string' ? { revision: v.revision!, hash: v.hash } : null;
  } catch {
    return null;
  }
}

/** The head of `snapshot`. */
export function headOf(snapshot: RoutingSnapshot): SnapshotHead {
  return { revision: snapshot.revision, hash: snapshot.hash, createdAt: snapshot.createdAt };
}
