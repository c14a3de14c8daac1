import { Suspense, lazy, useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from 'urql';
import { TokensGroupsDocument, TokensListDocument } from '../../gql/tokens/graphql';
import { errorMessage } from '../../api/errors';
import { PageLoader } from '../../app/guards';
import { DeleteTokenModal } from './DeleteTokenModal';
import { ManualCopyModal } from './ManualCopyModal';
import { useTokenNotices } from './notify';
import { TokenCards } from './TokenCards';
import type { RowHandlers, TokenRow } from './TokenParts';
import { TokenTable } from './TokenTable';
import { useTokensMessages } from './messages';
import { useTokenActions } from './useTokenActions';

// The form and the examples carry most of the page's code (comboboxes, tabs): they load after the list.
const loadForm = () => import('./TokenFormModal');
const TokenFormModal = lazy(() => loadForm().then((m) => ({ default: m.TokenFormModal })));
const TokenExamples = lazy(() => import('./TokenExamples').then((m) => ({ default: m.TokenExamples })));

/** The form's state: closed, creating, or editing a token. */
type Editing = { open: false } | { open: true; token?: TokenRow };

/**
 * The viewer's API tokens (`/tokens`): the list with each token's groups, state, expiry, spend
 * and allow-list, a copy button at the end of each row; create, edit, disable, enable and delete;
 * and, for a chosen token, the base addresses and ready-to-paste calls with its key.
 */
export function TokensPage() {
  const t = useTokensMessages();
  const notify = useTokenNotices();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [list, refetch] = useQuery({ query: TokensListDocument });
  const [{ data: groupData }] = useQuery({ query: TokensGroupsDocument });
  const groups = (groupData?.groups ?? []).filter((g) => g.status === 'Active');
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [deleting, setDeleting] = useState<TokenRow | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const actions = useTokenActions();
  const reload = () => refetch({ requestPolicy: 'network-only' });
  // Fetched ahead, so the form opens at once when asked for.
  useEffect(() => void loadForm(), []);

  const tokens = list.data?.myTokens ?? [];
  const handlers: RowHandlers = {
    onEdit: (token) => setEditing({ open: true, token }),
    onToggle: (token) => void actions.toggle(token),
    onDelete: setDeleting,
    onCopy: (token) => void actions.copy(token),
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={2}>{t('title')}</Title>
        <Button onClick={() => setEditing({ open: true })}>{t('newToken')}</Button>
      </Group>
      <Text size="sm">{t('intro')}</Text>
      {list.error && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{errorMessage(list.error, t('offline'))}</Text>
            <Button size="compact-sm" variant="white" color="red" onClick={reload}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {!list.data && list.fetching && <PageLoader />}
      {list.data && tokens.length === 0 && <Text c="dimmed">{t('none')}</Text>}
      {tokens.length > 0 && (phone ? <TokenCards tokens={tokens} handlers={handlers} /> : <TokenTable tokens={tokens} handlers={handlers} />)}
      {tokens.length > 0 && (
        <Suspense fallback={<PageLoader />}>
          <TokenExamples tokens={tokens} groups={groups} selectedId={selectedId} onSelect={setSelectedId} />
        </Suspense>
      )}

      {editing.open && (
        <Suspense fallback={null}>
          <TokenFormModal
            token={editing.token}
            groups={groups}
            onClose={() => setEditing({ open: false })}
            onSaved={(token) => {
              notify({ color: 'green', message: t(editing.token ? 'saved' : 'created', { name: token.name }) });
              setEditing({ open: false });
              setSelectedId(token.id);
              reload();
            }}
          />
        </Suspense>
      )}
      <DeleteTokenModal
        token={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(token) => {
          notify({ message: t('deleted', { name: token.name }) });
          setDeleting(null);
          reload();
        }}
      />
      <ManualCopyModal shown={actions.manualCopy} onClose={actions.closeManualCopy} />
    </Stack>
  );
}
