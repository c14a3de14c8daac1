import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTokensMessages } from './messages';

/** Where the clipboard is refused: the key, selected, for the user to copy by hand. */
export function ManualCopyModal({ shown, onClose }: { shown: { name: string; key: string } | null; onClose(): void }) {
  const t = useTokensMessages();
  return (
    <Modal opened={shown !== null} onClose={onClose} title={t('copyByHand')} closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="sm">
        <Text size="sm">{t('copyByHandHint')}</Text>
        <TextInput label={shown?.name} value={shown?.key ?? ''} readOnly data-autofocus onFocus={(e) => e.currentTarget.select()} />
      </Stack>
    </Modal>
  );
}
