import { useEffect } from 'react';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { StatusPageDataDocument } from '../../gql/status/graphql';
import { useConnectivity } from '../../api/connectivity';
import { errorMessage } from '../../api/errors';
import { PageLoader } from '../../app/guards';
import { formatPercent } from '../../i18n/format';
import { DailyBars, DailyBarsLegend } from './DailyBars';
import { IncidentCard } from './Incidents';
import { OverallFigures } from './OverallFigures';
import { useStatusMessages } from './messages';
import { useLiveIncidents } from './useLiveIncidents';

/** The figures change slowly; a page left open asks again this often. */
const REFRESH_MS = 60_000;

/**
 * The public status page (`/status`, and every path on the status host): overall availability
 * against the target, 90 days per node and per group, and incident notices, which arrive live.
 */
export function StatusPage() {
  const t = useStatusMessages();
  const [{ data, error }, reexecute] = useQuery({ query: StatusPageDataDocument });
  const { live } = useConnectivity();
  const incidents = useLiveIncidents(data?.statusPage.incidents ?? []);

  // Whatever was posted while the live link was down (or before it first came up) is fetched when it comes up.
  useEffect(() => {
    if (live === 'connected') reexecute({ requestPolicy: 'network-only' });
  }, [live, reexecute]);
  useEffect(() => {
    const timer = setInterval(() => reexecute({ requestPolicy: 'network-only' }), REFRESH_MS);
    return () => clearInterval(timer);
  }, [reexecute]);

  if (!data) {
    if (!error) return <PageLoader />;
    return (
      <Stack gap="md">
        <Title order={2}>{t('title')}</Title>
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{errorMessage(error, t('offline'))}</Text>
            <Button size="compact-sm" variant="white" color="red" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  }

  const page = data.statusPage;
  const displayNames = new Map(data.groups.map((g) => [g.name, g.displayName]));
  const groupName = (name: string) => displayNames.get(name) ?? name;
  const target = formatPercent(page.target, 1);
  const open = incidents.filter((i) => i.status !== 'RESOLVED');
  const past = incidents.filter((i) => i.status === 'RESOLVED');

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Stack gap={4}>
        <Group justify="space-between" align="center">
          <Title order={2}>{t('title')}</Title>
          <Badge color={live === 'connected' ? 'teal' : 'gray'} variant="dot" data-testid="live-state" data-live={live}>
            {t(live === 'connected' ? 'live' : 'connecting')}
          </Badge>
        </Group>
        <Text size="sm">{t('intro', { target })}</Text>
      </Stack>

      <section aria-labelledby="status-open">
        <Title order={3} id="status-open" mb="sm">
          {t('openIncidents')}
        </Title>
        {open.length ? (
          <Stack gap="sm">
            {open.map((i) => (
              <IncidentCard key={i.id} incident={i} groupName={groupName} />
            ))}
          </Stack>
        ) : (
          <Alert color="teal" variant="light">
            <Text size="sm">{t('noOpenIncidents')}</Text>
          </Alert>
        )}
      </section>

      <section aria-labelledby="status-overall">
        <Title order={3} id="status-overall" mb="sm">
          {t('overall')}
        </Title>
        <OverallFigures figures={page.overall} target={page.target} />
      </section>

      {[
        { id: 'status-nodes', title: t('byNode'), rows: page.nodes.map((n) => ({ ...n, label: n.name })) },
        { id: 'status-groups', title: t('byGroup'), rows: page.groups.map((g) => ({ ...g, label: groupName(g.name) })) },
      ].map((section) => (
        <section key={section.id} aria-labelledby={section.id}>
          <Title order={3} id={section.id} mb="sm">
            {section.title}
          </Title>
          {section.rows.length ? (
            <Stack gap="md">
              {section.rows.map((row) => (
                <DailyBars key={row.name} name={row.name} label={row.label} days={row.days} target={page.target} />
              ))}
              <DailyBarsLegend />
            </Stack>
          ) : (
            <Text size="sm" c="gray.7">
              {t('noHistory')}
            </Text>
          )}
        </section>
      ))}

      <section aria-labelledby="status-past">
        <Title order={3} id="status-past" mb="sm">
          {t('pastIncidents')}
        </Title>
        {past.length ? (
          <Stack gap="sm">
            {past.map((i) => (
              <IncidentCard key={i.id} incident={i} groupName={groupName} />
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="gray.7">
            {t('noPastIncidents')}
          </Text>
        )}
      </section>
    </Stack>
  );
}
