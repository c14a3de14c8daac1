import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { CONSOLE_PATHS } from '../../../../../../shared/console-paths';
import { AdminAccountDocument } from '../../../gql/admin-accounts/graphql';
import { formatDateTime, formatRmb } from '../../../i18n/format';
import { PageLoader } from '../../../app/guards';
import { ErrorNotice } from '../shared/ErrorNotice';
import { SectionTitle } from '../shared/SectionTitle';
import { AccountLimitsCard } from './AccountLimitsCard';
import { AccountStateBadge } from './AccountStateBadge';
import { AccountSwitchDialog } from './AccountSwitchDialog';
import { AdjustBalanceDialog } from './AdjustBalanceDialog';
import { LedgerTable } from './LedgerTable';
import { TokensTable } from './TokensTable';
import { UsagePanel } from './UsagePanel';
import { useAccountsMessages } from './messages';
import { StateTag } from '../shared/StateTag';

/** A figure with its label, for the account's summary. */
function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/** One account: who it is, its balance, and its ledger, tokens and usage; the balance adjustment and the disable switch. */
export function AccountDetail() {
  const t = useAccountsMessages();
  const { accountId = '' } = useParams();
  const [{ data, fetching, error }, reexecute] = useQuery({ query: AdminAccountDocument, variables: { id: accountId } });
  const [dialog, setDialog] = useState<'adjust' | 'switch' | null>(null);
  // What the switch dialog does is fixed when it opens: the account's state changes under it.
  const [disabling, setDisabling] = useState(true);
  const account = data?.account;
  const balance = data?.accountBalance;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={`${CONSOLE_PATHS.admin}/accounts`} size="sm">
        ← {t('back')}
      </Anchor>
      <ErrorNotice error={error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />
      {!account && fetching && <PageLoader />}
      {account && (
        <>
          <SectionTitle
            actions={
              <>
                <Button onClick={() => setDialog('adjust')}>{t('adjust')}</Button>
                <Button
                  variant="default"
                  onClick={() => {
                    setDisabling(!account.disabled);
                    setDialog('switch');
                  }}
                >
                  {account.disabled ? t('enable') : t('disable')}
                </Button>
              </>
            }
          >
            {account.username}
          </SectionTitle>
          <Card withBorder>
            <Stack gap="sm">
              <Group gap="xs">
                <AccountStateBadge disabled={account.disabled} />
                {account.role === 'ADMIN' && <StateTag tone="indigo">{t('ADMIN')}</StateTag>}
              </Group>
              {account.disabled && <Text size="sm">{t('disabledSince', { date: formatDateTime(account.disabledAt), reason: account.disabledReason ?? '' })}</Text>}
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
                <Figure label={t('balance')} testId="account-balance">
                  {formatRmb(balance?.balanceRmb ?? account.balanceRmb)}
                </Figure>
                <Figure label={t('spendable')}>{balance?.spendableRmb != null ? formatRmb(balance.spendableRmb) : t('notLoaded')}</Figure>
                <Figure label={t('email')}>{account.email}</Figure>
                <Figure label={t('created')}>{formatDateTime(account.createdAt)}</Figure>
                {account.invitedBy && <Figure label={t('invitedBy')}>{account.invitedBy}</Figure>}
              </SimpleGrid>
            </Stack>
          </Card>
          <AccountLimitsCard key={account.id} account={account} />
          <Tabs defaultValue="ledger" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="ledger">{t('ledger')}</Tabs.Tab>
              <Tabs.Tab value="tokens">{t('tokens')}</Tabs.Tab>
              <Tabs.Tab value="usage">{t('usage')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="ledger" pt="md">
              <LedgerTable accountId={account.id} />
            </Tabs.Panel>
            <Tabs.Panel value="tokens" pt="md">
              <TokensTable tokens={data.accountTokens} />
            </Tabs.Panel>
            <Tabs.Panel value="usage" pt="md">
              <UsagePanel accountId={account.id} />
            </Tabs.Panel>
          </Tabs>
          <AdjustBalanceDialog opened={dialog === 'adjust'} account={account} onClose={() => setDialog(null)} />
          <AccountSwitchDialog opened={dialog === 'switch'} disabling={disabling} account={account} onClose={() => setDialog(null)} />
        </>
      )}
    </Stack>
  );
}
