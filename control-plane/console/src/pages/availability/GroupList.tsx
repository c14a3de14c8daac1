import { Stack, Text } from '@mantine/core';
import type { AvailabilityGroupFragment, GroupHealthState } from '../../gql/availability/graphql';
import { formatCount } from '../../i18n/format';
import { ChangeLog } from './ChangeLog';
import { GroupCard } from './GroupCard';
import type { HealthChange } from './live-state';
import { useAvailabilityMessages } from './messages';
import { StateLegend } from './StateLegend';

/**
 * Every group, in the API's order (a group keeps its place while its state changes), with a
 * count per state, the changes heard while the page is open, and what the states mean.
 */
export function GroupList({ groups, changes, displayNames }: { groups: AvailabilityGroupFragment[]; changes: HealthChange[]; displayNames: Map<string, string> }) {
  const t = useAvailabilityMessages();
  if (groups.length === 0) return <Text c="gray.7">{t('noGroups')}</Text>;
  const count = (state: GroupHealthState) => formatCount(groups.filter((g) => g.state === state).length);
  return (
    <>
      <Text size="sm" data-testid="availability-summary">
        {t('summary', { groups: formatCount(groups.length), normal: count('NORMAL'), partial: count('PARTIALLY_AVAILABLE'), unavailable: count('UNAVAILABLE'), noData: count('NO_DATA') })}
      </Text>
      <ChangeLog changes={changes} displayNames={displayNames} />
      <Stack gap="sm">
        {groups.map((g) => (
          <GroupCard key={g.group} group={g} displayName={displayNames.get(g.group)} />
        ))}
      </Stack>
      <StateLegend />
    </>
  );
}
