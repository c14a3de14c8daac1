import { Alert, Badge, Card, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { CombinedError } from 'urql';
import type { UsageRecordFieldsFragment } from '../../gql/usage/graphql';
import { errorMessage } from '../../api/errors';
import { CursorPager, type CursorPages } from '../../components/CursorPager';
import { formatCount, formatDateTime, formatRmb } from '../../i18n/format';
import { useUsageMessages } from './messages';

/** A request that did not simply succeed says so in words. */
function StatusNote({ record }: { record: UsageRecordFieldsFragment }) {
  const t = useUsageMessages();
  if (record.status === 'failed') return <Badge color="red.9" variant="light">{t('status_failed', { status: record.httpStatus })}</Badge>;
  if (record.status === 'aborted') return <Badge color="gray.8" variant="light">{t('status_aborted')}</Badge>;
  return null;
}

/** Who made a request: the token's name, or that it is gone. */
function TokenName({ tokenId, tokenNames }: { tokenId: string; tokenNames: ReadonlyMap<string, string> }) {
  const t = useUsageMessages();
  const name = tokenNames.get(tokenId);
  if (name !== undefined) return <>{name}</>;
  return (
    <Text span size="sm" c="gray.7" title={tokenId}>
      {t('deletedToken')}
    </Text>
  );
}

/** What an image or video request made: the count, the size and the quality it was priced by. */
function Units({ record }: { record: UsageRecordFieldsFragment }) {
  const t = useUsageMessages();
  const { images, videoSeconds } = record.usage;
  if (images === 0 && videoSeconds === 0) return null;
  const made = images > 0 ? t('unitImages', { count: formatCount(images) }) : t('unitVideo', { count: formatCount(videoSeconds) });
  return (
    <Text size="xs" c="gray.7" data-testid="usage-units">
      {[made, record.unitSize, record.unitQuality].filter(Boolean).join(' · ')}
    </Text>
  );
}

/** The charge, exactly, with what it was worked out from. */
function Charge({ record }: { record: UsageRecordFieldsFragment }) {
  const t = useUsageMessages();
  return (
    <>
      <Text size="sm" fw={600} data-testid="usage-charge" style={{ whiteSpace: 'nowrap' }}>
        {formatRmb(record.chargeRmb)}
      </Text>
      <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
        {t('chargeDetail', { group: record.groupMultiplier, model: record.modelMultiplier, rate: record.exchangeRate })}
      </Text>
      <StatusNote record={record} />
    </>
  );
}

interface RecordsProps {
  items: UsageRecordFieldsFragment[];
  tokenNames: ReadonlyMap<string, string>;
}

/** Wide screens: one row per request. */
function RecordsTable({ items, tokenNames }: RecordsProps) {
  const t = useUsageMessages();
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped verticalSpacing="xs" data-testid="usage-records">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('colTime')}</Table.Th>
            <Table.Th>{t('colToken')}</Table.Th>
            <Table.Th>{t('colModel')}</Table.Th>
            <Table.Th>{t('colGroup')}</Table.Th>
            <Table.Th>{t('colChannel')}</Table.Th>
            <Table.Th ta="right">{t('colInput')}</Table.Th>
            <Table.Th ta="right">{t('colOutput')}</Table.Th>
            <Table.Th ta="right">{t('colCache')}</Table.Th>
            <Table.Th ta="right">{t('colCharge')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((r) => {
            const u = r.usage;
            return (
              <Table.Tr key={r.id} data-request-id={r.requestId}>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(r.createdAt)}
                  </Text>
                  <Text size="xs" c="gray.7" ff="monospace" title={t('requestId', { id: r.requestId })}>
                    {r.requestId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <TokenName tokenId={r.tokenId} tokenNames={tokenNames} />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {r.model}
                  <Units record={r} />
                </Table.Td>
                <Table.Td>{r.group ?? '—'}</Table.Td>
                <Table.Td>{r.channelKind ?? '—'}</Table.Td>
                <Table.Td ta="right">{formatCount(u.input)}</Table.Td>
                <Table.Td ta="right">{formatCount(u.output)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatCount(u.cacheRead)} / {formatCount(u.cacheWrite5m + u.cacheWrite1h)}
                </Table.Td>
                <Table.Td ta="right">
                  <Charge record={r} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per request, every figure labelled. */
function RecordCards({ items, tokenNames }: RecordsProps) {
  const t = useUsageMessages();
  return (
    <Stack gap="xs" data-testid="usage-records">
      {items.map((r) => (
        <Paper key={r.id} withBorder p="sm" data-request-id={r.requestId}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {r.model}
              </Text>
              <Units record={r} />
              <Text size="xs">{formatDateTime(r.createdAt)}</Text>
            </div>
            <Stack gap={0} align="flex-end">
              <Charge record={r} />
            </Stack>
          </Group>
          <Text size="xs" mt={4}>
            <TokenName tokenId={r.tokenId} tokenNames={tokenNames} /> · {r.group ?? '—'} · {r.channelKind ?? '—'}
          </Text>
          <Text size="xs">
            {t('colInput')} {formatCount(r.usage.input)} · {t('colOutput')} {formatCount(r.usage.output)} · {t('colCache')} {formatCount(r.usage.cacheRead)} / {formatCount(r.usage.cacheWrite5m + r.usage.cacheWrite1h)}
          </Text>
          <Text size="xs" c="gray.7" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {r.requestId}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

/** The list of requests, a page at a time: when, with which token, model, group and channel, the tokens counted and the exact charge. */
export function UsageRecords({
  items,
  error,
  fetching,
  pages,
  endCursor,
  hasNextPage,
  tokenNames,
  actions,
}: {
  items: UsageRecordFieldsFragment[] | undefined;
  error: CombinedError | undefined;
  fetching: boolean;
  pages: CursorPages;
  endCursor: string | null | undefined;
  hasNextPage: boolean;
  tokenNames: ReadonlyMap<string, string>;
  /** Shown beside the title (the export). */
  actions: ReactNode;
}) {
  const t = useUsageMessages();
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="usage-records-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4" id="usage-records-title">
            {t('recordsSection')}
          </Title>
          {actions}
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {errorMessage(error, t('offline'))}
          </Alert>
        )}
        {items && items.length === 0 && <Text size="sm">{t('noRecords')}</Text>}
        {items && items.length > 0 && (phone ? <RecordCards items={items} tokenNames={tokenNames} /> : <RecordsTable items={items} tokenNames={tokenNames} />)}
        <CursorPager pages={pages} endCursor={endCursor} hasNextPage={hasNextPage} disabled={fetching} />
      </Stack>
    </Card>
  );
}
