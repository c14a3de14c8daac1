import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { AdminIncidentsDocument } from '../../../gql/admin-operations/graphql';
import { PageLoader } from '../../../app/guards';
import { ErrorNotice } from '../shared/ErrorNotice';
import { SectionTitle } from '../shared/SectionTitle';
import { IncidentCard } from './IncidentCard';
import { NewIncidentForm } from './NewIncidentForm';
import { useIncidentsMessages } from './messages';

/** The list is asked again after a new incident (an empty list names no type). */
const INCIDENT_LISTS = { additionalTypenames: ['Incident'] };

/** Incident notices: open one, post updates, resolve; open and recently resolved ones as the status page shows them. */
export function IncidentsSection() {
  const t = useIncidentsMessages();
  const [{ data, fetching, error }, reexecute] = useQuery({ query: AdminIncidentsDocument, context: INCIDENT_LISTS });
  const groups = data?.groups ?? [];
  const groupName = (name: string) => groups.find((g) => g.name === name)?.displayName ?? name;
  const incidents = data?.statusPage.incidents ?? [];
  const open = incidents.filter((i) => i.status !== 'RESOLVED');
  const resolved = incidents.filter((i) => i.status === 'RESOLVED');

  return (
    <Stack gap="md">
      <SectionTitle>{t('title')}</SectionTitle>
      <Text size="sm">{t('intro')}</Text>
      <NewIncidentForm groups={groups} />
      <ErrorNotice error={error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />
      {!data && fetching && <PageLoader />}
      {data && (
        <>
          <Title order={4}>{t('open')}</Title>
          {open.length === 0 && <Text size="sm">{t('noOpen')}</Text>}
          {open.map((incident) => (
            <IncidentCard key={incident.id} incident={incident} groupName={groupName} />
          ))}
          <Title order={4}>{t('recent')}</Title>
          {resolved.length === 0 && <Text size="sm">{t('noRecent')}</Text>}
          {resolved.map((incident) => (
            <IncidentCard key={incident.id} incident={incident} groupName={groupName} />
          ))}
        </>
      )}
    </Stack>
  );
}
