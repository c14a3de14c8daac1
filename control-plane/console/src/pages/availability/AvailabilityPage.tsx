import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../api/errors';
import { PageLoader } from '../../app/guards';
import { GroupList } from './GroupList';
import { HistoryView, useHistoryParams } from './HistoryView';
import { LiveStatus } from './LiveStatus';
import { useAvailabilityMessages } from './messages';
import { useLiveAvailability } from './useLiveAvailability';

/**
 * `/groupAvailability`: every group's state and success rates over the last hour, day, week and
 * month, per model on demand, kept current over the live connection; `?history=<group>` shows
 * one group's history instead of the list.
 */
export function AvailabilityPage() {
  const t = useAvailabilityMessages();
  const { groups, updatedAt, changes, displayNames, error } = useLiveAvailability();
  const history = useHistoryParams();
  let body;
  if (history.group !== null) {
    const { group, period } = history;
    body = <HistoryView group={group} period={period} current={groups?.find((g) => g.group === group)} label={displayNames.get(group) ?? group} />;
  } else if (groups === undefined) {
    body = error ? (
      <Alert color="red" role="alert">
        {errorMessage(error, t('offline'))}
      </Alert>
    ) : (
      <PageLoader />
    );
  } else {
    body = <GroupList groups={groups} changes={changes} displayNames={displayNames} />;
  }
  return (
    <Stack gap="md" maw={1280} mx="auto">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2}>{t('title')}</Title>
          <Text size="sm" c="gray.7" maw={640}>
            {t('intro')}
          </Text>
        </div>
        <LiveStatus updatedAt={updatedAt} />
      </Group>
      {body}
    </Stack>
  );
}
