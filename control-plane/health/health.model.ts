import type { GroupState } from '../../shared/ports/group-states.js';
import type { Tally } from './state.js';

/** A window rates are shown over: the last hour (by the minute), and the last 24, 168 and 720 hours (the current one so far included). */
export type HealthWindow = 'hour' | 'day' | 'week' | 'month';

/** Tallies per window. */
export type WindowTallies = Record<HealthWindow, Tally>;

/** One group on the availability page, with its breakdown per channel and per model. Plain JSON: it travels in events. */
export interface GroupAvailability {
  group: string;
  state: GroupState;
  windows: WindowTallies;
  /** `cacheReads`: prompt tokens of the last hour's settled answers and the part read from the upstream's prompt cache. */
  channels: { channel: string; windows: WindowTallies; cacheReads: CacheReads }[];
  /** `state`: the model's own state in the group (what routing skips it on). */
  models: { model: string; windows: WindowTallies; state: GroupState }[];
}

/** Prompt tokens and the part of them read from the upstream's prompt cache. */
export interface CacheReads {
  promptTokens: number;
  cacheReadTokens: number;
}

/** A group changed state. */
export interface GroupHealthChange {
  group: string;
  state: GroupState;
  previousState: GroupState;
  /** ISO 8601, by the control plane's clock. */
  at: string;
  /** Shown to every logged-in account (else administrators only). */
  public: boolean;
  windows: WindowTallies;
}

/** The PubSub topic of {@link GroupHealthChange} events. */
export const GROUP_HEALTH_CHANGED = 'GROUP_HEALTH_CHANGED';

/** Window tallies all zero. */
export function emptyWindows(): WindowTallies {
  return { hour: { ok: 0, attempts: 0 }, day: { ok: 0, attempts: 0 }, week: { ok: 0, attempts: 0 }, month: { ok: 0, attempts: 0 } };
}
