import { useSyncExternalStore } from 'react';

/** What the console knows about its link to the control plane. */
export interface Connectivity {
  /** The last HTTP request failed for want of a network (not an API error). */
  offline: boolean;
  /** The graphql-ws connection that carries live updates. */
  live: 'idle' | 'connecting' | 'connected' | 'reconnecting';
}

let state: Connectivity = { offline: false, live: 'idle' };
const listeners = new Set<() => void>();

/** Records a change; components reading `useConnectivity` re-render. */
export function setConnectivity(change: Partial<Connectivity>): void {
  const next = { ...state, ...change };
  if (next.offline === state.offline && next.live === state.live) return;
  state = next;
  for (const listener of listeners) listener();
}

/** The current link state, kept up to date. */
export function useConnectivity(): Connectivity {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

// The browser knows first when it loses the network; getting it back is confirmed by the server answering.
window.addEventListener('offline', () => setConnectivity({ offline: true }));
