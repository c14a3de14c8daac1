import { Link } from 'react-router';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { AdminTopUpOrdersDocument } from '../../../gql/admin-money/graphql';
import { CursorPager, useCursorPages } from '../../../components/CursorPager';
import { formatDateTime, formatRmb, formatUsd } from '../../../i18n/format';
import { PageLoader } from '../../../app/guards';
import { accountPath } from '../accounts/paths';
import { ErrorNotice } from '../shared/ErrorNotice';
import { SectionTitle } from '../shared/SectionTitle';
import { useTopUpsMessages } from './messages';
import { StateTag, type Tone } from '../shared/StateTag';

const PAGE_SIZE = 25;
const STATUSES = new Set(['pending', 'paid', 'credited', 'expired']);
const STATUS_COLOR: Record<string, Tone> = { pending: 'yellow', paid: 'blue', credited: 'green', expired: 'gray' };

/** Every account's top-up orders, newest first, a page at a time. */
export function TopUpOrdersSection() {
  const t = useTopUpsMessages();
  const pages = useCursorPages();
  const [{ data, fetching, error }, reexecute] = useQuery({ query: AdminTopUpOrdersDocument, variables: { first: PAGE_SIZE, after: pages.after } });
  const orders = data?.topUpOrders;
  const statusLabel = (s: string) => (STATUSES.has(s) ? t(`status_${s}` as 'status_pending') : s);

  return (
    <Stack gap="md">
      <SectionTitle>{t('title')}</SectionTitle>
      <ErrorNotice error={error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />
      {!orders && fetching && <PageLoader />}
      {orders && orders.items.length === 0 && <Text size="sm">{t('none')}</Text>}
      {orders && orders.items.length > 0 && (
        <Table.ScrollContainer minWidth={980}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('created')}</Table.Th>
                <Table.Th>{t('order')}</Table.Th>
                <Table.Th>{t('account')}</Table.Th>
                <Table.Th ta="right">{t('usd')}</Table.Th>
                <Table.Th ta="right">{t('rate')}</Table.Th>
                <Table.Th ta="right">{t('rmb')}</Table.Th>
                <Table.Th ta="right">{t('pay')}</Table.Th>
                <Table.Th>{t('payType')}</Table.Th>
                <Table.Th>{t('status')}</Table.Th>
                <Table.Th>{t('credited')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.items.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>{formatDateTime(o.createdAt)}</Table.Td>
                  <Table.Td ff="monospace">{o.outTradeNo}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={accountPath(o.accountId)} ff="monospace" size="sm">
                      {o.accountId.slice(0, 8)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatUsd(o.amountUsd)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {o.exchangeRate}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatRmb(o.amountRmb)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatRmb(o.payRmb)}
                  </Table.Td>
                  <Table.Td>{o.payType}</Table.Td>
                  <Table.Td>
                    <StateTag tone={STATUS_COLOR[o.status] ?? 'gray'}>
                      {statusLabel(o.status)}
                    </StateTag>
                  </Table.Td>
                  <Table.Td>{formatDateTime(o.creditedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {orders && <CursorPager pages={pages} endCursor={orders.pageInfo.endCursor} hasNextPage={orders.pageInfo.hasNextPage} disabled={fetching} />}
    </Stack>
  );
}
