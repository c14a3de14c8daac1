import { useMemo, useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { UsageFilterChoicesDocument, UsageRecordsDocument, UsageTotalsDocument } from '../../gql/usage/graphql';
import { useCursorPages } from '../../components/CursorPager';
import { ExportButton } from './ExportButton';
import { UsageChart } from './UsageChart';
import { UsageFilters } from './UsageFilters';
import { UsageRecords } from './UsageRecords';
import { defaultFilterForm, rangeInvalid, toApiFilter, type UsageFilterForm } from './filters';
import { useUsageMessages } from './messages';

const PAGE_SIZE = 20;

/**
 * Usage: the viewer's requests with their exact charges, filtered by token, model, group and
 * days; daily totals by model as a chart; and the filtered requests as a CSV file.
 */
export function UsagePage() {
  const t = useUsageMessages();
  const [form, setForm] = useState<UsageFilterForm>(() => defaultFilterForm());
  const badRange = rangeInvalid(form);
  const filter = useMemo(() => toApiFilter(form), [form]);
  // The model list and the chart come from the totals of every model; the chart then keeps the chosen one.
  const allModelsFilter = useMemo(() => ({ ...filter, model: null }), [filter]);
  const filterKey = JSON.stringify(filter);
  const pages = useCursorPages(filterKey);

  const [{ data: choices }] = useQuery({ query: UsageFilterChoicesDocument });
  const [{ data: totals }] = useQuery({ query: UsageTotalsDocument, variables: { filter: allModelsFilter }, pause: badRange });
  const [records] = useQuery({ query: UsageRecordsDocument, variables: { filter, first: PAGE_SIZE, after: pages.after }, pause: badRange });

  const tokenNames = useMemo(() => new Map((choices?.myTokens ?? []).map((tk) => [tk.id, tk.name])), [choices]);
  const allTotals = useMemo(() => totals?.myUsageTotals ?? [], [totals]);
  const shownTotals = useMemo(() => (form.model ? allTotals.filter((d) => d.model === form.model) : allTotals), [allTotals, form.model]);
  const models = useMemo(() => [...new Set(allTotals.map((d) => d.model))].sort(), [allTotals]);
  const list = records.data?.myUsage;

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text size="sm" c="gray.7">
          {t('intro')}
        </Text>
      </div>
      <UsageFilters
        form={form}
        onChange={(change) => setForm((f) => ({ ...f, ...change }))}
        onClear={() => setForm({ ...defaultFilterForm(), fromDay: '', toDay: '' })}
        tokens={(choices?.myTokens ?? []).map((tk) => ({ value: tk.id, label: tk.name }))}
        models={models}
        groups={(choices?.groups ?? []).map((g) => ({ value: g.name, label: g.displayName && g.displayName !== g.name ? `${g.displayName} (${g.name})` : g.name }))}
      />
      <UsageChart totals={shownTotals} firstDay={form.fromDay} lastDay={form.toDay} />
      <UsageRecords
        items={list?.items}
        error={records.error}
        fetching={records.fetching}
        pages={pages}
        endCursor={list?.pageInfo.endCursor}
        hasNextPage={!!list?.pageInfo.hasNextPage}
        tokenNames={tokenNames}
        actions={<ExportButton filter={filter} fromDay={form.fromDay} toDay={form.toDay} tokenNames={tokenNames} disabled={badRange} />}
      />
    </Stack>
  );
}
