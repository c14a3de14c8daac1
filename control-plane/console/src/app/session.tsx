import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQuery } from 'urql';
import { MeDocument, type MeQuery } from '../gql/session/graphql';
import { onSessionExpired, restartLive } from '../api/client';
import { isUnauthenticated } from '../api/errors';

/** The signed-in account, as `me` answers it. */
export type Viewer = MeQuery['me'];

interface SessionValue {
  /** Undefined while the first answer is awaited; null when nobody is signed in. */
  viewer: Viewer | null | undefined;
  /** Asks `me` again (after login, logout or an expired session). */
  refresh(): void;
}

const SessionContext = createContext<SessionValue>({ viewer: undefined, refresh: () => undefined });

/** Keeps the viewer for the whole app; an operation answered UNAUTHENTICATED makes it ask again. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [{ data, error }, reexecute] = useQuery({ query: MeDocument, requestPolicy: 'network-only', context: useMemo(() => ({ meta: { source: 'session' } }), []) });
  const refresh = useCallback(() => {
    restartLive();
    reexecute({ requestPolicy: 'network-only' });
  }, [reexecute]);
  useEffect(() => onSessionExpired(refresh), [refresh]);

  let viewer: Viewer | null | undefined;
  if (data?.me) viewer = data.me;
  else if (error && isUnauthenticated(error)) viewer = null;
  // Still loading, or the network is down (the shell says so and retries): not signed out.
  else viewer = undefined;
  return <SessionContext.Provider value={{ viewer, refresh }}>{children}</SessionContext.Provider>;
}

/** The session: who is signed in, and how to ask again. */
export function useSession(): SessionValue {
  return useContext(SessionContext);
}
