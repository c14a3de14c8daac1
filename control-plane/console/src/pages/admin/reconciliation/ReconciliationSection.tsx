import { Link } from 'react-router';
import { Alert, Anchor, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { formatMicroRmb } from '../../../../../../shared/money';
import { AdminReconciliationRunDocument, AdminRunReconciliationDocument, type AdminReconciliationRunFieldsFragment } from '../../../gql/admin-money/graphql';
import { formatCount, formatDateTime, formatRmb } from '../../../i18n/format';
import { PageLoader } from '../../../app/guards';
import { accountPath } from '../accounts/paths';
import { ErrorNotice } from '../shared/ErrorNotice';
import { SectionTitle } from '../shared/SectionTitle';
import { useReconciliationMessages } from './messages';
import { StateTag } from '../shared/StateTag';

const STATUSES = new Set(['ok', 'drift', 'missing']);
const money = (micro: string | null | undefined) => (micro == null ? '—' : formatRmb(formatMicroRmb(BigInt(micro))));

type Drifting = AdminReconciliationRunFieldsFragment['drifting'][number];

/** The figures of a drifting account, in micro-RMB, in the table's order, with the words of their columns. */
const FIGURES = [
  ['driftMicro', 'drift'],
  ['ledgerMicro', 'ledger'],
  ['hotMicro', 'hot'],
  ['openReservationsMicro', 'reservations'],
  ['unconsumedMicro', 'unconsumed'],
  ['lostMicro', 'lost'],
] as const satisfies readonly (readonly [keyof Drifting, string])[];

/** The last reconciliation of every account, a button to run one now, and the accounts that drift. */
export function ReconciliationSection() {
  const t = useReconciliationMessages();
  const [{ data, fetching, error }, reexecute] = useQuery({ query: AdminReconciliationRunDocument });
  const [running, run] = useMutation(AdminRunReconciliationDocument);
  // The run just made is newer than the query's answer until the query is asked again.
  const last = running.data?.runReconciliation ?? data?.reconciliationRun;
  const statusLabel = (s: string) => (STATUSES.has(s) ? t(`status_${s}` as 'status_ok') : s);

  return (
    <Stack gap="md">
      <SectionTitle
        actions={
          <Button loading={running.fetching} onClick={() => void run({})}>
            {t('run')}
          </Button>
        }
      >
        {t('title')}
      </SectionTitle>
      <Text size="sm">{t('intro')}</Text>
      <ErrorNotice error={error ?? running.error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />
      {!data && fetching && <PageLoader />}
      {data && !last && <Text size="sm">{t('never')}</Text>}
      {last && (
        <Card withBorder data-testid="reconciliation-run">
          <Text size="xs" c="dimmed">
            {t('lastRun')}
          </Text>
          <Text fw={600}>{t('ranAt', { date: formatDateTime(last.finishedAt) })}</Text>
          <Group gap="xs" mt={4}>
            <StateTag tone="gray">
              {t('checked', { count: formatCount(last.accounts) })}
            </StateTag>
            <StateTag tone={last.drifting.length ? 'red' : 'green'}>
              {t('driftingCount', { count: formatCount(last.drifting.length) })}
            </StateTag>
          </Group>
        </Card>
      )}
      {last && last.drifting.length === 0 && (
        <Alert color="teal" role="status">
          {t('allGood')}
        </Alert>
      )}
      {last && last.drifting.length > 0 && (
        <Table.ScrollContainer minWidth={980}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('account')}</Table.Th>
                <Table.Th>{t('status')}</Table.Th>
                {FIGURES.map(([field, label]) => (
                  <Table.Th key={field} ta="right">
                    {t(label)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {last.drifting.map((a) => (
                <Table.Tr key={a.accountId}>
                  <Table.Td>
                    <Anchor component={Link} to={accountPath(a.accountId)} ff="monospace" size="sm">
                      {a.accountId.slice(0, 8)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <StateTag tone={a.status === 'ok' ? 'green' : 'red'}>
                      {statusLabel(a.status)}
                    </StateTag>
                  </Table.Td>
                  {FIGURES.map(([field]) => (
                    <Table.Td key={field} ta="right" ff="monospace">
                      {money(a[field])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
