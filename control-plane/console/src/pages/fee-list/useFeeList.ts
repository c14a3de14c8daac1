import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient, type CombinedError } from 'urql';
import { FeeListEntriesDocument, type FeeListFilter } from '../../gql/fee-list/graphql';
import type { FeeEntry } from './prices';

/** Entries asked for at a time. */
const PAGE_SIZE = 50;

/** The fee list as loaded so far for one filter. */
export interface FeeList {
  nodes: FeeEntry[];
  /** Entries matching the filter on all pages; null before the first answer. */
  totalCount: number | null;
  hasNextPage: boolean;
  fetching: boolean;
  error: CombinedError | undefined;
  /** Appends the next page. */
  loadMore(): void;
  /** Asks again for what failed last. */
  retry(): void;
}

interface Loaded {
  /** The filter these pages belong to. */
  key: string | null;
  nodes: FeeEntry[];
  totalCount: number | null;
  endCursor: string | null;
  hasNextPage: boolean;
  fetching: boolean;
  error: CombinedError | undefined;
}

const NOTHING: Loaded = { key: null, nodes: [], totalCount: null, endCursor: null, hasNextPage: false, fetching: true, error: undefined };

/**
 * The server's fee list for `filter`, page by page with its cursors ("load more"). A new filter
 * starts again from its first page; what was shown stays until that page arrives, and an answer
 * for an older filter or page is dropped.
 */
export function useFeeList(filter: FeeListFilter): FeeList {
  const client = useClient();
  const [loaded, setLoaded] = useState<Loaded>(NOTHING);
  const latest = useRef(0);
  // A stable identity for the filter, so that a re-render with equal values asks nothing again.
  const filterKey = JSON.stringify(filter);

  const fetchPage = useCallback(
    (after: string | null) => {
      const request = ++latest.current;
      setLoaded((s) => ({ ...s, fetching: true, error: undefined }));
      const variables = { filter: JSON.parse(filterKey) as FeeListFilter, first: PAGE_SIZE, after };
      void client
        .query(FeeListEntriesDocument, variables, { requestPolicy: 'network-only' })
        .toPromise()
        .then(({ data, error }) => {
          if (request !== latest.current) return;
          if (!data) {
            setLoaded((s) => ({ ...s, fetching: false, error }));
            return;
          }
          const page = data.feeList;
          setLoaded((s) => ({
            key: filterKey,
            nodes: after === null ? page.nodes : [...s.nodes, ...page.nodes],
            totalCount: page.totalCount,
            endCursor: page.pageInfo.endCursor,
            hasNextPage: page.pageInfo.hasNextPage,
            fetching: false,
            error: undefined,
          }));
        });
    },
    [client, filterKey],
  );

  useEffect(() => fetchPage(null), [fetchPage]);

  // The next page follows the last one loaded for this filter; before any, the first page is what failed.
  const next = loaded.key === filterKey ? loaded.endCursor : null;
  return {
    nodes: loaded.nodes,
    totalCount: loaded.totalCount,
    hasNextPage: loaded.hasNextPage,
    fetching: loaded.fetching,
    error: loaded.error,
    loadMore: () => fetchPage(next),
    retry: () => fetchPage(next),
  };
}
