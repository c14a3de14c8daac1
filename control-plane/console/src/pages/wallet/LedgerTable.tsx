import { Alert, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { WalletLedgerDocument } from '../../gql/wallet/graphql';
import { errorMessage } from '../../api/errors';
import { CursorPager, useCursorPages } from '../../components/CursorPager';
import { formatDateTime, formatRmb } from '../../i18n/format';
import { useWalletLabels } from './labels';
import { useWalletMessages } from './messages';
import { useRequeryOn } from './requery';

const PAGE_SIZE = 20;

/** A signed amount as the ledger holds it: credits with a plus sign, charges with a minus (the sign, not the colour, says which). */
function SignedRmb({ amount }: { amount: string }) {
  const credit = !amount.startsWith('-');
  return (
    <Text span fw={600} c={credit ? 'teal.9' : 'red.9'} style={{ whiteSpace: 'nowrap' }}>
      {credit ? `+${formatRmb(amount)}` : formatRmb(amount)}
    </Text>
  );
}

/** The viewer's ledger, newest first, a page at a time: each entry's kind, exact amount and details. */
export function LedgerTable({ refresh }: { refresh: number }) {
  const t = useWalletMessages();
  const labels = useWalletLabels();
  const pages = useCursorPages();
  const [{ data, error, fetching }, reexecute] = useQuery({ query: WalletLedgerDocument, variables: { first: PAGE_SIZE, after: pages.after } });
  useRequeryOn(refresh, reexecute);
  const list = data?.myLedger;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="wallet-ledger-title">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4" id="wallet-ledger-title">
            {t('ledgerSection')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('ledgerHint')}
          </Text>
        </div>
        {error && !list && (
          <Alert color="red" role="alert">
            {errorMessage(error, t('offline'))}
          </Alert>
        )}
        {list && list.items.length === 0 && <Text size="sm">{t('noLedger')}</Text>}
        {list && list.items.length > 0 && (
          <Table.ScrollContainer minWidth={600}>
            <Table striped verticalSpacing="xs" data-testid="wallet-ledger">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('colTime')}</Table.Th>
                  <Table.Th ta="right">{t('colAmount')}</Table.Th>
                  <Table.Th>{t('colKind')}</Table.Th>
                  <Table.Th>{t('colMemo')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.items.map((e) => (
                  <Table.Tr key={e.id} data-kind={e.kind}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.createdAt)}</Table.Td>
                    <Table.Td ta="right">
                      <SignedRmb amount={e.amountRmb} />
                    </Table.Td>
                    <Table.Td>{labels.kind(e.kind)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.memo ?? ''}</Table.Td>
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
