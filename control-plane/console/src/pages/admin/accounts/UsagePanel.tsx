import { useState } from 'react';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { AdminAccountUsageDocument } from '../../../gql/admin-accounts/graphql';
import { CursorPager, useCursorPages } from '../../../components/CursorPager';
import { formatCount, formatDateTime, formatRmb } from '../../../i18n/format';
import { PageLoader } from '../../../app/guards';
import { ErrorNotice } from '../shared/ErrorNotice';
import { usageStatusLabel } from './labels';
import { useAccountsMessages } from './messages';

const PAGE_SIZE = 20;
const TOTALS_DAYS = 30;

/** An account's usage: totals by day and model over the last 30 days, then its requests a page at a time. */
export function UsagePanel({ accountId }: { accountId: string }) {
  const t = useAccountsMessages();
  const pages = useCursorPages(accountId);
  const [from] = useState(() => new Date(Date.now() - TOTALS_DAYS * 86_400_000).toISOString());
  const [{ data, fetching, error }, reexecute] = useQuery({ query: AdminAccountUsageDocument, variables: { id: accountId, first: PAGE_SIZE, after: pages.after, from } });
  if (!data) return fetching ? <PageLoader /> : <ErrorNotice error={error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />;
  const { usageTotals: totals, usageRecords: records } = data;
  return (
    <Stack gap="md">
      <ErrorNotice error={error} />
      <Title order={4}>{t('totals')}</Title>
      {totals.length === 0 ? (
        <Text size="sm">{t('noUsage')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('day')}</Table.Th>
                <Table.Th>{t('model')}</Table.Th>
                <Table.Th ta="right">{t('requests')}</Table.Th>
                <Table.Th ta="right">{t('promptTokens')}</Table.Th>
                <Table.Th ta="right">{t('outputTokens')}</Table.Th>
                <Table.Th ta="right">{t('charge')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {totals.map((row) => (
                <Table.Tr key={`${row.day} ${row.model}`}>
                  <Table.Td>{row.day}</Table.Td>
                  <Table.Td>{row.model}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.requests)}</Table.Td>
                  <Table.Td ta="right">{row.promptTokens}</Table.Td>
                  <Table.Td ta="right">{row.outputTokens}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatRmb(row.chargeRmb)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={4}>{t('records')}</Title>
      {records.items.length === 0 ? (
        <Text size="sm">{t('noUsage')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('time')}</Table.Th>
                <Table.Th>{t('model')}</Table.Th>
                <Table.Th>{t('group')}</Table.Th>
                <Table.Th>{t('format')}</Table.Th>
                <Table.Th>{t('result')}</Table.Th>
                <Table.Th ta="right">{t('latency')}</Table.Th>
                <Table.Th>{t('node')}</Table.Th>
                <Table.Th ta="right">{t('charge')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.items.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
                  <Table.Td>{r.model}</Table.Td>
                  <Table.Td>{r.group ?? '—'}</Table.Td>
                  <Table.Td>
                    {r.formatIn}
                    {r.stream && ` (${t('streamed')})`}
                  </Table.Td>
                  <Table.Td>
                    {usageStatusLabel(t, r.status)} · {r.httpStatus}
                  </Table.Td>
                  <Table.Td ta="right">{t('latencyMs', { ms: formatCount(r.latencyMs) })}</Table.Td>
                  <Table.Td>{r.node}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatRmb(r.chargeRmb)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CursorPager pages={pages} endCursor={records.pageInfo.endCursor} hasNextPage={records.pageInfo.hasNextPage} disabled={fetching} />
    </Stack>
  );
}
