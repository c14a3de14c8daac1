import { useEffect, useMemo, useReducer } from 'react';
import { useClient, useQuery, type CombinedError } from 'urql';
import { AvailabilityChangesDocument, AvailabilityLiveDocument, AvailabilityPageDocument } from '../../gql/availability/graphql';
import { initialAvailability, reduceAvailability, type LiveAvailability } from './live-state';

/** The availability figures, kept current, with the groups' display names. */
export interface AvailabilityView extends LiveAvailability {
  /** Display name by group name. */
  displayNames: Map<string, string>;
  error: CombinedError | undefined;
}

/**
 * Loads the page over HTTP, then keeps it current from the `groupHealth` ticks and the
 * `groupHealthChanged` events (graphql-ws re-subscribes by itself after a reconnection, and the
 * first tick then brings the figures up to date).
 */
export function useLiveAvailability(): AvailabilityView {
  const client = useClient();
  const [{ data, error }] = useQuery({ query: AvailabilityPageDocument });
  const [state, dispatch] = useReducer(reduceAvailability, initialAvailability);

  useEffect(() => {
    if (data) dispatch({ type: 'loaded', groups: data.groupAvailability, at: Date.now() });
  }, [data]);

  useEffect(() => {
    // Subscribed directly rather than through useSubscription: every event is folded in, in order,
    // even when several arrive before React renders again.
    const ticks = client.subscription(AvailabilityLiveDocument, {}).subscribe((result) => {
      if (result.data) dispatch({ type: 'tick', groups: result.data.groupHealth, at: Date.now() });
    });
    const changes = client.subscription(AvailabilityChangesDocument, {}).subscribe((result) => {
      if (result.data) dispatch({ type: 'changed', change: result.data.groupHealthChanged, at: Date.now() });
    });
    return () => {
      ticks.unsubscribe();
      changes.unsubscribe();
    };
  }, [client]);

  const displayNames = useMemo(() => new Map((data?.groups ?? []).map((g) => [g.name, g.displayName])), [data]);
  return { ...state, displayNames, error };
}
