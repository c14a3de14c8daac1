import { Badge, Card, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import type { IncidentImpact, StatusIncidentFragment } from '../../gql/status/graphql';
import { formatDateTime } from '../../i18n/format';
import { useStatusMessages } from './messages';

const IMPACT_COLOURS: Record<IncidentImpact, string> = { CRITICAL: 'red', MAJOR: 'orange', MINOR: 'yellow' };

/** One incident notice: title, impact and state in words, what it affects, and its updates, newest first. */
export function IncidentCard({ incident, groupName }: { incident: StatusIncidentFragment; groupName(name: string): string }) {
  const t = useStatusMessages();
  const open = incident.status !== 'RESOLVED';
  const updates = [...incident.updates].reverse();
  return (
    <Card withBorder padding="md" component="article" data-testid="incident" data-incident={incident.id} data-status={incident.status} aria-labelledby={`incident-${incident.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={4} id={`incident-${incident.id}`}>
            {incident.title}
          </Title>
          <Group gap={4}>
            <Badge color={open ? IMPACT_COLOURS[incident.impact] : 'gray.8'} variant={open ? 'filled' : 'outline'} autoContrast>
              {t(`impact${incident.impact}`)}
            </Badge>
            <Badge color={open ? 'indigo.8' : 'gray.8'} variant="outline" data-testid="incident-status">
              {t(`status${incident.status}`)}
            </Badge>
          </Group>
        </Group>
        <Text size="sm">{incident.groups.length ? t('affects', { groups: incident.groups.map(groupName).join(', ') }) : t('affectsAll')}</Text>
        <Text size="xs" c="gray.7">
          {t('started', { at: formatDateTime(incident.createdAt) })}
          {incident.resolvedAt && ` · ${t('resolved', { at: formatDateTime(incident.resolvedAt) })}`}
        </Text>
        <Timeline bulletSize={12} lineWidth={2} active={0} mt="xs">
          {updates.map((u) => (
            <Timeline.Item
              key={u.id}
              data-testid="incident-update"
              title={
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {t(`status${u.status}`)}
                  </Text>
                  <Text size="xs" c="gray.7" component="time" dateTime={u.createdAt}>
                    {formatDateTime(u.createdAt)}
                  </Text>
                </Group>
              }
            >
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {u.message}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Card>
  );
}
