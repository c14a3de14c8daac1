// With its extension: the server's tests import this file too (Node's module resolution).
import type { AvailabilityChangesSubscription, AvailabilityGroupFragment } from '../../gql/availability/graphql.js';

/** A change of a group's state as the `groupHealthChanged` subscription reports it. */
export type HealthChange = AvailabilityChangesSubscription['groupHealthChanged'];

/** What the page shows: the groups as last reported, when, and the changes seen while open. */
export interface LiveAvailability {
  groups: AvailabilityGroupFragment[] | undefined;
  /** When the figures were last replaced (ms since the epoch), by the page's clock. */
  updatedAt: number | undefined;
  /** Whether a live update has arrived: a slower HTTP answer must not overwrite it. */
  live: boolean;
  /** Newest first. */
  changes: HealthChange[];
}

/** What can happen to it. */
export type LiveEvent =
  | { type: 'loaded'; groups: AvailabilityGroupFragment[]; at: number }
  | { type: 'tick'; groups: AvailabilityGroupFragment[]; at: number }
  | { type: 'changed'; change: HealthChange; at: number };

/** How many state changes the page keeps listing. */
const CHANGES_KEPT = 10;

/** The empty start. */
export const initialAvailability: LiveAvailability = { groups: undefined, updatedAt: undefined, live: false, changes: [] };

/**
 * Folds one event in: the page's answer and every `groupHealth` tick replace the groups; a
 * state change patches its group at once (between ticks) and joins the list of changes.
 */
export function reduceAvailability(state: LiveAvailability, event: LiveEvent): LiveAvailability {
  switch (event.type) {
    case 'loaded':
      return state.live ? state : { ...state, groups: event.groups, updatedAt: event.at };
    case 'tick':
      return { ...state, groups: event.groups, updatedAt: event.at, live: true };
    case 'changed': {
      const { change } = event;
      const groups = state.groups?.map((g) => (g.group === change.group ? { ...g, state: change.state, windows: change.windows } : g));
      const known = state.groups?.some((g) => g.group === change.group) ?? false;
      return {
        ...state,
        groups,
        updatedAt: known ? event.at : state.updatedAt,
        changes: known ? [change, ...state.changes].slice(0, CHANGES_KEPT) : state.changes,
      };
    }
  }
}
