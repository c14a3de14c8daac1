import { Group, Paper, Text, Title } from '@mantine/core';
import { formatTime } from '../../i18n/format';
import type { HealthChange } from './live-state';
import { useAvailabilityMessages } from './messages';
import { StateBadge } from './StateBadge';

/** The state changes heard while the page is open, newest first. */
export function ChangeLog({ changes, displayNames }: { changes: HealthChange[]; displayNames: Map<string, string> }) {
  const t = useAvailabilityMessages();
  if (changes.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="availability-changes" data-testid="availability-changes">
      <Title order={3} size="h5" id="availability-changes" mb="xs">
        {t('changesTitle')}
      </Title>
      <Group component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none', flexDirection: 'column', alignItems: 'stretch' }}>
        {changes.map((c) => (
          <Group component="li" key={`${c.group}@${c.at}`} gap="xs" wrap="wrap">
            <Text size="sm" c="gray.7" component="time" dateTime={c.at}>
              {formatTime(c.at)}
            </Text>
            <Text size="sm" fw={600}>
              {displayNames.get(c.group) ?? c.group}
            </Text>
            <StateBadge state={c.previousState} size="sm" />
            <Text size="sm" aria-hidden>
              →
            </Text>
            <StateBadge state={c.state} size="sm" />
          </Group>
        ))}
      </Group>
    </Paper>
  );
}
