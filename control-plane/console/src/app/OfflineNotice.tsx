import { Alert, Text } from '@mantine/core';
import { useConnectivity } from '../api/connectivity';
import { useShellMessages } from './messages';

/** Above the page while the server cannot be reached (the shell keeps asking until it answers). */
export function OfflineNotice() {
  const t = useShellMessages();
  const { offline } = useConnectivity();
  if (!offline) return null;
  return (
    <Alert color="orange" mb="md" role="status" data-testid="offline-notice">
      <Text size="sm">{t('offline')}</Text>
    </Alert>
  );
}
