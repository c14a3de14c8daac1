import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery, useSubscription } from 'urql';
import { AdminDataPlaneStatusChangedDocument, AdminDataPlanesDocument, type AdminDataPlaneStatusChangedSubscription, type DataPlaneState } from '../../../gql/admin-operations/graphql';
import { useConnectivity } from '../../../api/connectivity';
import { formatDateTime } from '../../../i18n/format';
import { PageLoader } from '../../../app/guards';
import { useAdminMessages } from '../messages';
import { ErrorNotice } from '../shared/ErrorNotice';
import { SectionTitle } from '../shared/SectionTitle';
import { useDataPlanesMessages } from './messages';
import { useNotify } from '../shared/notify';
import { StateTag, type Tone } from '../shared/StateTag';

const STATE_COLOR: Record<DataPlaneState, Tone> = { OK: 'green', BEHIND: 'orange', SILENT: 'red' };
const LIVE_LABEL = { connected: 'liveConnected', connecting: 'liveConnecting', reconnecting: 'liveReconnecting', idle: 'liveIdle' } as const;

/** The data planes with their applied snapshot revision and state; a change of state refreshes the list as it happens. */
export function DataPlanesSection() {
  const t = useDataPlanesMessages();
  const notify = useNotify();
  const ta = useAdminMessages();
  const { live } = useConnectivity();
  const [{ data, fetching, error }, reexecute] = useQuery({ query: AdminDataPlanesDocument });
  useSubscription({ query: AdminDataPlaneStatusChangedDocument }, (_previous: AdminDataPlaneStatusChangedSubscription | undefined, event: AdminDataPlaneStatusChangedSubscription) => {
    const change = event.dataPlaneStatusChanged;
    notify(t('changed', { node: change.dataPlane.node, from: t(change.previousState), to: t(change.state) }), STATE_COLOR[change.state]);
    reexecute({ requestPolicy: 'network-only' });
    return event;
  });

  return (
    <Stack gap="md">
      <SectionTitle
        actions={
          <Button variant="default" loading={fetching} onClick={() => reexecute({ requestPolicy: 'network-only' })}>
            {ta('refresh')}
          </Button>
        }
      >
        {t('title')}
      </SectionTitle>
      <Group gap="xs">
        <Text size="sm">{t('intro')}</Text>
        <Badge variant="dot" color={live === 'connected' ? 'teal' : 'gray'} data-testid="live-state">
          {t('live')}: {t(LIVE_LABEL[live])}
        </Badge>
      </Group>
      <ErrorNotice error={error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />
      {!data && fetching && <PageLoader />}
      {data && data.dataPlanes.length === 0 && <Text size="sm">{t('none')}</Text>}
      {data && data.dataPlanes.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped data-testid="data-planes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('node')}</Table.Th>
                <Table.Th>{t('state')}</Table.Th>
                <Table.Th>{t('revision')}</Table.Th>
                <Table.Th>{t('appliedAt')}</Table.Th>
                <Table.Th>{t('lastBeat')}</Table.Th>
                <Table.Th>{t('hash')}</Table.Th>
                <Table.Th>{t('lastError')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.dataPlanes.map((dp) => (
                <Table.Tr key={dp.node}>
                  <Table.Td fw={600}>{dp.node}</Table.Td>
                  <Table.Td>
                    <StateTag tone={STATE_COLOR[dp.state]}>
                      {t(dp.state)}
                    </StateTag>
                  </Table.Td>
                  <Table.Td ff="monospace">{dp.revision == null ? t('noRevision') : t('revisionOf', { applied: dp.revision, current: dp.currentRevision ?? '—' })}</Table.Td>
                  <Table.Td>{formatDateTime(dp.appliedAt)}</Table.Td>
                  <Table.Td>{formatDateTime(dp.lastBeatAt)}</Table.Td>
                  <Table.Td ff="monospace">{dp.hash ? dp.hash.slice(0, 12) : '—'}</Table.Td>
                  <Table.Td>{dp.lastError ? t('refused', { revision: dp.lastError.revision ?? '—', message: dp.lastError.message }) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
