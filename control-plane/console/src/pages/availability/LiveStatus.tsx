import { Box, Group, Text } from '@mantine/core';
import { useConnectivity } from '../../api/connectivity';
import { formatTime } from '../../i18n/format';
import { useAvailabilityMessages } from './messages';

/**
 * The state of the live connection in words (beside a coloured dot), announced to screen readers
 * when it changes; then the time of the last update, outside the announced region so that each
 * tick is not read out.
 */
export function LiveStatus({ updatedAt }: { updatedAt: number | undefined }) {
  const t = useAvailabilityMessages();
  const { live } = useConnectivity();
  const [text, color] =
    live === 'connected'
      ? [t('liveConnected'), 'var(--mantine-color-green-7)']
      : live === 'reconnecting'
        ? [t('liveReconnecting'), 'var(--mantine-color-orange-7)']
        : [t('liveConnecting'), 'var(--mantine-color-gray-6)'];
  return (
    <Box>
      <Group gap={8} wrap="wrap">
        <Group gap={6} wrap="nowrap" role="status" aria-label={t('liveLabel')} data-testid="live-status" data-live={live}>
          <Box component="span" aria-hidden w={10} h={10} style={{ borderRadius: '50%', background: color, flex: 'none' }} />
          <Text size="sm" fw={600}>
            {text}
          </Text>
        </Group>
        {updatedAt !== undefined && (
          <Text size="sm" c="gray.7">
            {t('updatedAt', { time: formatTime(updatedAt) })}
          </Text>
        )}
      </Group>
      {live === 'reconnecting' && (
        <Text size="xs" c="gray.7">
          {t('staleNote')}
        </Text>
      )}
    </Box>
  );
}
