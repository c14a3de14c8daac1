import { useEffect, useState } from 'react';
import { useClient } from 'urql';
import { PlaygroundUsageDocument, type PlaygroundUsageQuery } from '../../gql/playground/graphql';

/** A usage record as the playground shows it. */
export type UsageItem = PlaygroundUsageQuery['myUsage']['items'][number];

/** How often the usage records are asked for, and for how long. */
const POLL_MS = 1000;
const POLL_FOR_MS = 30_000;

/** The charge of one request: looking, found, or not recorded in time. */
export type Charge = { state: 'none' } | { state: 'looking' } | { state: 'found'; record: UsageItem } | { state: 'missing' };

/**
 * The usage record of `requestId` (records carry the data plane's request id), asked for every
 * second until it is written (the data plane sends usage in batches, the control plane records
 * them a moment later) or 30 seconds have passed.
 */
export function useCharge(tokenId: string | undefined, requestId: string | undefined): Charge {
  const client = useClient();
  const [charge, setCharge] = useState<Charge>({ state: 'none' });
  useEffect(() => {
    if (!tokenId || !requestId) {
      setCharge({ state: 'none' });
      return undefined;
    }
    setCharge({ state: 'looking' });
    const deadline = Date.now() + POLL_FOR_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let over = false;
    const look = async () => {
      const result = await client.query(PlaygroundUsageDocument, { tokenId }, { requestPolicy: 'network-only' }).toPromise();
      if (over) return;
      const record = result.data?.myUsage.items.find((i) => i.requestId === requestId);
      if (record) setCharge({ state: 'found', record });
      else if (Date.now() > deadline) setCharge({ state: 'missing' });
      else timer = setTimeout(look, POLL_MS);
    };
    void look();
    return () => {
      over = true;
      clearTimeout(timer);
    };
  }, [client, tokenId, requestId]);
  return charge;
}
