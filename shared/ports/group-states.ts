/** Health states of a group (docs/architecture.md, "Health and the status page"). */
export const GROUP_STATES = ['normal', 'partially_available', 'unavailable', 'no_data'] as const;

/** One of {@link GROUP_STATES}. */
export type GroupState = (typeof GROUP_STATES)[number];

/** The states of every group, as the control plane last decided them. */
export interface GroupStatesRecord {
  /** Increases with every publish: readers ignore a record not newer than the one they hold. */
  version: number;
  /** ISO 8601, when it was published. */
  at: string;
  /** Group name -> state; a group not listed has no state yet (treated as usable). */
  states: Record<string, GroupState>;
  /**
   * What routing skips (absent in records of older control planes, whose readers skip every
   * `unavailable` group instead): per group, the models whose own recent attempts there all
   * failed, and the groups whose channels are down (every recent attempt failed to connect).
   */
  routing?: GroupRouting;
}

/** The routing part of a {@link GroupStatesRecord}. */
export interface GroupRouting {
  /** Group name -> models unavailable in it. */
  unavailableModels: Record<string, string[]>;
  /** Groups skipped for every model. */
  down: string[];
}

/**
 * How group states reach the data planes within a second of a change, without rebuilding the
 * routing snapshot: one small record under one key, announced whole (it is small) on publish.
 * Pub/sub is lossy, so readers also read the key at start and on a slow poll.
 */
export interface GroupStateBus {
  /** Stores `states` (and `routing`) as the next version and announces it; returns what was stored. */
  publish(states: Record<string, GroupState>, at: Date, routing?: GroupRouting): Promise<GroupStatesRecord>;
  /** The stored record, or null before the first publish. */
  read(): Promise<GroupStatesRecord | null>;
  /** Calls `listener` with every announced record; resolves once subscribed. Returns an unsubscribe. */
  onPublish(listener: (record: GroupStatesRecord) => void): Promise<() => Promise<void>>;
}

/** Parses a stored or announced record; null when it is not one. */
export function parseGroupStates(raw: string): GroupStatesRecord | null {
  try {
    const v = JSON.parse(raw) as Partial<GroupStatesRecord>;
    if (!Number.isSafeInteger(v.version) || typeof v.at !== 'string' || typeof v.states !== 'object' || v.states === null) return null;
    return v as GroupStatesRecord;
  } catch {
    return null;
  }
}
