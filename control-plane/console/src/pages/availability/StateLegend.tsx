import { Group, Stack, Text, Title } from '@mantine/core';
import type { GroupHealthState } from '../../gql/availability/graphql';
import { useAvailabilityMessages } from './messages';
import { StateBadge } from './StateBadge';

const STATES: GroupHealthState[] = ['NORMAL', 'PARTIALLY_AVAILABLE', 'UNAVAILABLE', 'NO_DATA'];

/** What each state means. */
export function StateLegend() {
  const t = useAvailabilityMessages();
  return (
    <Stack gap={6} component="section" aria-labelledby="availability-legend">
      <Title order={3} size="h5" id="availability-legend">
        {t('legendTitle')}
      </Title>
      {STATES.map((s) => (
        <Group key={s} gap="xs" wrap="nowrap" align="flex-start">
          <StateBadge state={s} size="sm" />
          <Text size="sm">{t(`legend${s}`)}</Text>
        </Group>
      ))}
    </Stack>
  );
}
