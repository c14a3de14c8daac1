import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { CONSOLE_PATHS } from '../../../../../shared/console-paths';
import { DashboardOverviewDocument } from '../../gql/dashboard/graphql';
import { errorMessage } from '../../api/errors';
import { PageLoader } from '../../app/guards';
import { useSession } from '../../app/session';
import { BaseAddresses } from '../../components/BaseAddresses';
import { formatRmb } from '../../i18n/format';
import { FirstTokenCard } from './FirstTokenCard';
import { RequestsChart } from './RequestsChart';
import { StatCard } from './StatCard';
import { summariseUsage, usageWindow } from './usage-summary';
import { useDashboardMessages } from './messages';

/**
 * The signed-in start page: balance, spend today and this month (UTC days, as the API counts
 * them), requests per day, the first token and the base addresses to configure.
 */
export function DashboardPage() {
  const t = useDashboardMessages();
  const { viewer } = useSession();
  // Fixed for the page's life: a new window each render would ask the API again each render.
  const [window] = useState(() => usageWindow(Date.now()));
  const [{ data, error, fetching }] = useQuery({ query: DashboardOverviewDocument, variables: { usageFrom: window.from } });
  const summary = useMemo(() => (data ? summariseUsage(data.myUsageTotals, window) : undefined), [data, window]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Title order={2}>{t('title')}</Title>
          {viewer && (
            <Text size="sm" c="dimmed">
              {t('welcome', { username: viewer.username })}
            </Text>
          )}
        </div>
        <Group gap="xs" component="nav" aria-label={t('shortcuts')}>
          <Button component={Link} to={CONSOLE_PATHS.tokens} variant="default" size="xs">
            {t('tokens')}
          </Button>
          <Button component={Link} to={CONSOLE_PATHS.wallet} variant="default" size="xs">
            {t('wallet')}
          </Button>
          <Button component={Link} to={CONSOLE_PATHS.usage} variant="default" size="xs">
            {t('usage')}
          </Button>
        </Group>
      </Group>

      {error && (
        <Alert color="red" role="alert">
          {errorMessage(error, t('offline'))}
        </Alert>
      )}
      {!data && fetching && <PageLoader />}
      {data && summary && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
            <StatCard label={t('balance')} value={formatRmb(data.myBalance.balanceRmb)} hint={t('balanceHint')} />
            <StatCard label={t('spendable')} value={data.myBalance.spendableRmb == null ? t('notLoaded') : formatRmb(data.myBalance.spendableRmb)} hint={t('spendableHint')} />
            <StatCard label={t('spentToday')} value={formatRmb(summary.spentToday)} hint={t('utcHint')} />
            <StatCard label={t('spentMonth')} value={formatRmb(summary.spentThisMonth)} hint={t('utcHint')} />
          </SimpleGrid>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <RequestsChart t={t} window={window} requestsByDay={summary.requestsByDay} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <FirstTokenCard t={t} tokens={data.myTokens} />
            </Grid.Col>
          </Grid>
        </>
      )}
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('baseAddresses')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('baseAddressesHint')}
          </Text>
          <BaseAddresses />
        </Stack>
      </Paper>
    </Stack>
  );
}
