import { Stack, Table, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { AdminAccountLedgerDocument } from '../../../gql/admin-accounts/graphql';
import { CursorPager, useCursorPages } from '../../../components/CursorPager';
import { formatDateTime, formatRmb } from '../../../i18n/format';
import { PageLoader } from '../../../app/guards';
import { ErrorNotice } from '../shared/ErrorNotice';
import { ledgerKindLabel } from './labels';
import { useAccountsMessages } from './messages';

const PAGE_SIZE = 20;

/** An account's ledger, newest first, a page at a time. */
export function LedgerTable({ accountId }: { accountId: string }) {
  const t = useAccountsMessages();
  const pages = useCursorPages(accountId);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: AdminAccountLedgerDocument, variables: { id: accountId, first: PAGE_SIZE, after: pages.after } });
  const ledger = data?.accountLedger;
  return (
    <Stack gap="sm">
      <ErrorNotice error={error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />
      {!ledger && fetching && <PageLoader />}
      {ledger && ledger.items.length === 0 && <Text size="sm">{t('noLedger')}</Text>}
      {ledger && ledger.items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid="account-ledger">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('time')}</Table.Th>
                <Table.Th>{t('kind')}</Table.Th>
                <Table.Th ta="right">{t('amountColumn')}</Table.Th>
                <Table.Th>{t('memo')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ledger.items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDateTime(entry.createdAt)}</Table.Td>
                  <Table.Td>{ledgerKindLabel(t, entry.kind)}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatRmb(entry.amountRmb)}
                  </Table.Td>
                  <Table.Td>{entry.memo}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {ledger && <CursorPager pages={pages} endCursor={ledger.pageInfo.endCursor} hasNextPage={ledger.pageInfo.hasNextPage} disabled={fetching} />}
    </Stack>
  );
}
