import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from 'urql';
import { TokensDeleteDocument } from '../../gql/tokens/graphql';
import { errorMessage } from '../../api/errors';
import type { TokenRow } from './TokenParts';
import { useTokensMessages } from './messages';

/** Asks before a token is deleted for good; `onDeleted` once the API confirms. */
export function DeleteTokenModal({ token, onClose, onDeleted }: { token: TokenRow | null; onClose(): void; onDeleted(token: TokenRow): void }) {
  const t = useTokensMessages();
  const [state, remove] = useMutation(TokensDeleteDocument);
  const confirm = async () => {
    if (!token) return;
    const result = await remove({ id: token.id });
    if (result.data) onDeleted(token);
  };
  return (
    <Modal opened={token !== null} onClose={onClose} title={t('deleteTitle')} closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="md">
        <Text size="sm">{t('deleteQuestion', { name: token?.name ?? '' })}</Text>
        {state.error && (
          <Alert color="red" role="alert">
            {errorMessage(state.error, t('offline'))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={state.fetching}>
            {t('delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
