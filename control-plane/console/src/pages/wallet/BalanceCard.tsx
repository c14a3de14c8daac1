import { useEffect, useState } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useSubscription } from 'urql';
import { WalletBalanceChangedDocument, WalletBalanceDocument, type WalletBalanceFieldsFragment } from '../../gql/wallet/graphql';
import { useConnectivity } from '../../api/connectivity';
import { errorMessage } from '../../api/errors';
import { formatRmb } from '../../i18n/format';
import { useWalletMessages } from './messages';
import { useRequeryOn } from './requery';

/** The live link's state in words (a dot's colour alone would not say it). */
function LiveBadge() {
  const t = useWalletMessages();
  const { live } = useConnectivity();
  if (live === 'connected') {
    return (
      <Badge color="green" variant="dot" title={t('liveHint')} data-testid="wallet-live">
        {t('live')}
      </Badge>
    );
  }
  return (
    <Badge color={live === 'reconnecting' ? 'orange' : 'gray'} variant="dot">
      {live === 'reconnecting' ? t('reconnecting') : t('connecting')}
    </Badge>
  );
}

/**
 * The balance and what is spendable now, as the API gives them, kept current by the
 * `balanceChanged` subscription. `onChanged` is told of every change pushed (the ledger and the
 * orders on the page ask again).
 */
export function BalanceCard({ refresh, onChanged }: { refresh: number; onChanged: () => void }) {
  const t = useWalletMessages();
  const [{ data, error }, reexecute] = useQuery({ query: WalletBalanceDocument });
  const [{ data: pushed }] = useSubscription({ query: WalletBalanceChangedDocument });
  // Whichever answer came last is the newest balance: a query's or a pushed one.
  const [latest, setLatest] = useState<WalletBalanceFieldsFragment | undefined>();
  useEffect(() => setLatest(data?.myBalance), [data]);
  useEffect(() => {
    if (!pushed) return;
    setLatest(pushed.balanceChanged);
    onChanged();
  }, [pushed, onChanged]);
  useRequeryOn(refresh, reexecute);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="wallet-balance-title">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" id="wallet-balance-title">
          {t('balanceSection')}
        </Title>
        <LiveBadge />
      </Group>
      {!latest && error ? (
        <Text c="red.8" role="alert">
          {errorMessage(error, t('offline'))}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={2}>
            <Text size="sm" c="gray.7">
              {t('balance')}
            </Text>
            <Text fz={28} fw={700} data-testid="wallet-balance" style={{ overflowWrap: 'anywhere' }}>
              {latest ? formatRmb(latest.balanceRmb) : '—'}
            </Text>
            <Text size="xs" c="gray.7">
              {t('balanceHint')}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="gray.7">
              {t('spendable')}
            </Text>
            <Text fz={28} fw={700} data-testid="wallet-spendable" style={{ overflowWrap: 'anywhere' }}>
              {latest ? (latest.spendableRmb === null ? t('notLoaded') : formatRmb(latest.spendableRmb)) : '—'}
            </Text>
            <Text size="xs" c="gray.7">
              {t('spendableHint')}
            </Text>
          </Stack>
        </SimpleGrid>
      )}
    </Card>
  );
}
