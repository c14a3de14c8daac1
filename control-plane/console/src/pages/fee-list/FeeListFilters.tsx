import { useEffect, useRef, useState } from 'react';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from 'urql';
import { FeeListChoicesDocument, type ModelKind } from '../../gql/fee-list/graphql';
import { useFeeListMessages } from './messages';

/** The filter as the page holds it (in the address): empty strings mean "any". */
export interface FeeFilterValues {
  search: string;
  vendor: string;
  kind: string;
  group: string;
}

/** Waits this long after the last keystroke before searching. */
const SEARCH_DELAY_MS = 300;

const KINDS: readonly { value: ModelKind; label: 'kindText' | 'kindImage' | 'kindVideo' }[] = [
  { value: 'Text', label: 'kindText' },
  { value: 'Image', label: 'kindImage' },
  { value: 'Video', label: 'kindVideo' },
];

/** Search by model, and choices of vendor, kind and group (from the API: the vendors on the list, the groups the viewer may see). */
export function FeeListFilters({ value, onChange, searchError }: { value: FeeFilterValues; onChange(change: Partial<FeeFilterValues>): void; searchError?: string }) {
  const t = useFeeListMessages();
  const [{ data }] = useQuery({ query: FeeListChoicesDocument });
  const [search, setSearch] = useState(value.search);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // Only typing searches: the address changing by itself (back, forward) must not be overwritten.
  const searched = useRef(debounced);
  useEffect(() => {
    if (debounced === searched.current) return;
    searched.current = debounced;
    onChange({ search: debounced });
  }, [debounced, onChange]);

  const any = t('any');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <TextInput
        label={t('search')}
        placeholder={t('searchPlaceholder')}
        type="search"
        maxLength={200}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        error={searchError}
      />
      <Select
        label={t('vendor')}
        placeholder={any}
        data={data?.feeListVendors ?? []}
        value={value.vendor || null}
        onChange={(v) => onChange({ vendor: v ?? '' })}
        searchable
        clearable
      />
      <Select
        label={t('kind')}
        placeholder={any}
        data={KINDS.map((k) => ({ value: k.value, label: t(k.label) }))}
        value={value.kind || null}
        onChange={(v) => onChange({ kind: v ?? '' })}
        clearable
      />
      <Select
        label={t('group')}
        placeholder={any}
        data={(data?.groups ?? []).map((g) => ({ value: g.name, label: g.displayName === g.name ? g.name : `${g.displayName} (${g.name})` }))}
        value={value.group || null}
        onChange={(v) => onChange({ group: v ?? '' })}
        searchable
        clearable
      />
    </SimpleGrid>
  );
}
