import { useCallback, useEffect, useState } from 'react';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { ServerInfoDocument } from '../../gql/server-info/graphql';
import { useConnectivity } from '../../api/connectivity';
import { BalanceCard } from './BalanceCard';
import { LedgerTable } from './LedgerTable';
import { OrdersTable } from './OrdersTable';
import { RedeemCard } from './RedeemCard';
import { ReturnedOrder } from './ReturnedOrder';
import { TopUpCard } from './TopUpCard';
import { useWalletMessages } from './messages';

/**
 * The wallet: the balance (live), top-up in USD through the payment page, redemption codes, the
 * orders and the ledger. Each change pushed by `balanceChanged` (a payment credited, usage
 * recorded, a code redeemed) makes the lists ask again, as does the live link coming (back) up,
 * since changes made while it was down were not pushed.
 */
export function WalletPage() {
  const t = useWalletMessages();
  const [refresh, setRefresh] = useState(0);
  const bump = useCallback(() => setRefresh((n) => n + 1), []);
  const { live } = useConnectivity();
  useEffect(() => {
    if (live === 'connected') bump();
  }, [live, bump]);
  const [{ data: info }] = useQuery({ query: ServerInfoDocument });

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Title order={2}>{t('title')}</Title>
      <ReturnedOrder refresh={refresh} />
      <BalanceCard refresh={refresh} onChanged={bump} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TopUpCard enabled={info?.serverInfo.topUpEnabled} />
        <RedeemCard onRedeemed={bump} />
      </SimpleGrid>
      <OrdersTable refresh={refresh} />
      <LedgerTable refresh={refresh} />
    </Stack>
  );
}
