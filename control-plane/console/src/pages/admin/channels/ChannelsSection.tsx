import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { AdminChannelsDocument, AdminDeleteChannelDocument, type AdminChannelFieldsFragment } from '../../../gql/admin-channels/graphql';
import { PageLoader } from '../../../app/guards';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { ErrorNotice } from '../shared/ErrorNotice';
import { SectionTitle } from '../shared/SectionTitle';
import { ChannelCard } from './ChannelCard';
import { ChannelDialog } from './ChannelDialog';
import { ChannelTestDialog } from './ChannelTestDialog';
import { useChannelsMessages } from './messages';
import { useNotify } from '../shared/notify';

/** The channel list is asked again after a creation or deletion (an empty list names no type). */
const CHANNEL_LISTS = { additionalTypenames: ['Channel'] };

/** Every upstream channel with its keys masked: create, edit, switch keys, test, delete. */
export function ChannelsSection() {
  const t = useChannelsMessages();
  const notify = useNotify();
  const [{ data, fetching, error }, reexecute] = useQuery({ query: AdminChannelsDocument, context: CHANNEL_LISTS });
  const [editing, setEditing] = useState<AdminChannelFieldsFragment | null | 'new'>(null);
  const [testing, setTesting] = useState<AdminChannelFieldsFragment | null>(null);
  const [deleting, setDeleting] = useState<AdminChannelFieldsFragment | null>(null);
  const [removal, remove] = useMutation(AdminDeleteChannelDocument);

  const onDelete = async () => {
    if (!deleting) return;
    const result = await remove({ id: deleting.id }, CHANNEL_LISTS);
    if (!result.error) {
      notify(t('deleted', { name: deleting.name }));
      setDeleting(null);
    }
  };

  return (
    <Stack gap="md">
      <SectionTitle actions={<Button onClick={() => setEditing('new')}>{t('add')}</Button>}>{t('title')}</SectionTitle>
      <ErrorNotice error={error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />
      {!data && fetching && <PageLoader />}
      {data && data.channels.length === 0 && <Text size="sm">{t('none')}</Text>}
      {data?.channels.map((channel) => (
        <ChannelCard key={channel.id} channel={channel} onTest={() => setTesting(channel)} onEdit={() => setEditing(channel)} onDelete={() => setDeleting(channel)} />
      ))}
      <ChannelDialog opened={editing !== null} channel={editing === 'new' ? null : editing} groups={data?.groups ?? []} onClose={() => setEditing(null)} />
      <ChannelTestDialog channel={testing} onClose={() => setTesting(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        message={t('deleteQuestion', { name: deleting?.name ?? '' })}
        busy={removal.fetching}
        error={removal.error}
        onConfirm={onDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
