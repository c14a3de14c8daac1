import type { DataPlaneHeartbeat, RefusedSnapshot } from '../../shared/ports/config-bus.js';
import type { SnapshotHead } from '../../shared/snapshot/types.js';

/** How a data plane is doing, as far as the control plane can tell from its heartbeat. */
export type DataPlaneState = 'ok' | 'behind' | 'silent';

/** Thresholds of {@link dataPlaneStatus}, in milliseconds. */
export interface DataPlaneThresholds {
  /** No heartbeat for longer than this: silent. */
  silentMs: number;
  /** Not running a snapshot published longer ago than this: behind. */
  behindMs: number;
}

/** One data plane as shown to administrators. Plain JSON (dates as ISO strings): it travels in subscription events. */
export interface DataPlaneStatus {
  node: string;
  revision: number | null;
  hash: string | null;
  appliedAt: string | null;
  lastBeatAt: string;
  /** The revision the control plane published last (null before the first publish). */
  currentRevision: number | null;
  /** Not running the current snapshot (possibly only for a moment: see `state`). */
  behind: boolean;
  silent: boolean;
  /** `silent` first; `behind` once it lagged longer than the threshold; else `ok`. */
  state: DataPlaneState;
  lastError: RefusedSnapshot | null;
}

/**
 * The status of one data plane from its heartbeat and the current snapshot head. Stateless (the
 * head's creation time says how long the lag has lasted), so every control-plane instance agrees.
 */
export function dataPlaneStatus(beat: DataPlaneHeartbeat, head: SnapshotHead | null, now: number, t: DataPlaneThresholds): DataPlaneStatus {
  const silent = now - Date.parse(beat.lastBeatAt) > t.silentMs;
  const behind = head !== null && beat.hash !== head.hash;
  const lagging = behind && now - Date.parse(head.createdAt) > t.behindMs;
  return {
    node: beat.node,
    revision: beat.revision,
    hash: beat.hash,
    appliedAt: beat.appliedAt,
    lastBeatAt: beat.lastBeatAt,
    currentRevision: head?.revision ?? null,
    behind,
    silent,
    state: silent ? 'silent' : lagging ? 'behind' : 'ok',
    lastError: beat.lastError ?? null,
  };
}
