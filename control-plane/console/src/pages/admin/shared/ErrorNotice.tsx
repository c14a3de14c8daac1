import { Alert, Button, Group, Text } from '@mantine/core';
import type { CombinedError } from 'urql';
import { errorMessage } from '../../../api/errors';
import { useAdminMessages } from '../messages';

/** The API's error (or "the server cannot be reached") as an alert, with a retry button when given one. */
export function ErrorNotice({ error, onRetry }: { error: CombinedError | undefined; onRetry?: () => void }) {
  const t = useAdminMessages();
  const message = errorMessage(error, t('offline'));
  if (!message) return null;
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="compact-sm" variant="white" color="red" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
