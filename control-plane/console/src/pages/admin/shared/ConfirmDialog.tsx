import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { CombinedError } from 'urql';
import { useAdminMessages } from '../messages';
import { ErrorNotice } from './ErrorNotice';
import { AdminModal } from './AdminModal';

/** A question before something that cannot be undone (a deletion); the API's refusal shows inside it. */
export function ConfirmDialog(props: {
  opened: boolean;
  message: ReactNode;
  confirmLabel?: string;
  busy: boolean;
  error?: CombinedError;
  onConfirm(): void;
  onClose(): void;
}) {
  const t = useAdminMessages();
  return (
    <AdminModal opened={props.opened} onClose={props.onClose} title={t('confirmTitle')} centered>
      <Stack gap="md">
        <Text size="sm">{props.message}</Text>
        <ErrorNotice error={props.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={props.busy} onClick={props.onConfirm}>
            {props.confirmLabel ?? t('confirmDelete')}
          </Button>
        </Group>
      </Stack>
    </AdminModal>
  );
}
