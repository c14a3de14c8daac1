import { Alert, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { WalletOrdersDocument } from '../../gql/wallet/graphql';
import { errorMessage } from '../../api/errors';
import { CursorPager, useCursorPages } from '../../components/CursorPager';
import { formatDateTime, formatRmb, formatUsd } from '../../i18n/format';
import { OrderStatusBadge, useWalletLabels } from './labels';
import { useWalletMessages } from './messages';
import { useRequeryOn } from './requery';

const PAGE_SIZE = 10;

/** The viewer's top-up orders, newest first, a page at a time, with their states. */
export function OrdersTable({ refresh }: { refresh: number }) {
  const t = useWalletMessages();
  const labels = useWalletLabels();
  const pages = useCursorPages();
  const [{ data, error, fetching }, reexecute] = useQuery({ query: WalletOrdersDocument, variables: { first: PAGE_SIZE, after: pages.after } });
  useRequeryOn(refresh, reexecute);
  const list = data?.myTopUps;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="wallet-orders-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="wallet-orders-title">
          {t('ordersSection')}
        </Title>
        {error && !list && (
          <Alert color="red" role="alert">
            {errorMessage(error, t('offline'))}
          </Alert>
        )}
        {list && list.items.length === 0 && <Text size="sm">{t('noOrders')}</Text>}
        {list && list.items.length > 0 && (
          <Table.ScrollContainer minWidth={820}>
            <Table striped verticalSpacing="xs" data-testid="wallet-orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('colCreated')}</Table.Th>
                  <Table.Th>{t('colStatus')}</Table.Th>
                  <Table.Th ta="right">{t('colUsd')}</Table.Th>
                  <Table.Th ta="right">{t('colRmb')}</Table.Th>
                  <Table.Th ta="right">{t('colPaid')}</Table.Th>
                  <Table.Th ta="right">{t('colRate')}</Table.Th>
                  <Table.Th>{t('colMethod')}</Table.Th>
                  <Table.Th>{t('colOrder')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.items.map((o) => (
                  <Table.Tr key={o.id} data-order={o.outTradeNo}>
                    <Table.Td>{formatDateTime(o.createdAt)}</Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={o.status} />
                    </Table.Td>
                    <Table.Td ta="right">{formatUsd(o.amountUsd)}</Table.Td>
                    <Table.Td ta="right">{formatRmb(o.amountRmb)}</Table.Td>
                    <Table.Td ta="right">{formatRmb(o.payRmb)}</Table.Td>
                    <Table.Td ta="right">{o.exchangeRate}</Table.Td>
                    <Table.Td>{labels.payType(o.payType)}</Table.Td>
                    <Table.Td ff="monospace" fz="xs">
                      {o.outTradeNo}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <CursorPager pages={pages} endCursor={list?.pageInfo.endCursor} hasNextPage={!!list?.pageInfo.hasNextPage} disabled={fetching} />
      </Stack>
    </Card>
  );
}
