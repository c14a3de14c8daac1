import { useEffect } from 'react';
import type { UseQueryExecute } from 'urql';

/**
 * Asks a query again, from the network, each time `signal` changes (the wallet bumps it when the
 * balance changes or the live link comes back), but not on the first render.
 */
export function useRequeryOn(signal: number, reexecute: UseQueryExecute): void {
  useEffect(() => {
    if (signal) reexecute({ requestPolicy: 'network-only' });
  }, [signal, reexecute]);
}
