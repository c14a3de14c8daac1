import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from 'urql';
import { AdminSetChannelKeyEnabledDocument, AdminUpdateChannelDocument, type AdminChannelFieldsFragment } from '../../../gql/admin-channels/graphql';
import { ErrorNotice } from '../shared/ErrorNotice';
import { FormButtons } from '../shared/FormButtons';
import { useChannelsMessages } from './messages';
import { AdminModal } from '../shared/AdminModal';
import { useNotify } from '../shared/notify';
import { StateTag } from '../shared/StateTag';

type ChannelKey = AdminChannelFieldsFragment['keys'][number];

function DisableKeyForm({ keyRow, onDone }: { keyRow: ChannelKey; onDone(): void }) {
  const t = useChannelsMessages();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [{ fetching, error }, setEnabled] = useMutation(AdminSetChannelKeyEnabledDocument);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await setEnabled({ keyId: keyRow.id, enabled: false, reason: reason.trim() || null });
    if (!result.error) {
      notify(t('keyDisabledDone', { key: keyRow.masked }));
      onDone();
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('disableKeyHint')}</Text>
        <Textarea label={t('reason')} description={t('reasonOptional')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={2} maxLength={500} data-autofocus />
        <ErrorNotice error={error} />
        <FormButtons submitLabel={t('disableKey')} busy={fetching} onLeave={onDone} color="red" />
      </Stack>
    </form>
  );
}

/** A channel's upstream keys, masked, in round-robin order: each switched off (with a reason) or on, or removed. */
export function ChannelKeys({ channel }: { channel: AdminChannelFieldsFragment }) {
  const t = useChannelsMessages();
  const notify = useNotify();
  const [disabling, setDisabling] = useState<ChannelKey | null>(null);
  const [enabling, enable] = useMutation(AdminSetChannelKeyEnabledDocument);
  const [removal, update] = useMutation(AdminUpdateChannelDocument);

  const onEnable = async (key: ChannelKey) => {
    const result = await enable({ keyId: key.id, enabled: true, reason: null });
    if (!result.error) notify(t('keyEnabledDone', { key: key.masked }));
  };
  const onRemove = async (key: ChannelKey) => {
    const result = await update({ id: channel.id, input: { removeKeyIds: [key.id] } });
    if (!result.error) notify(t('keyRemovedDone', { key: key.masked }));
  };

  if (channel.keys.length === 0) return <Text size="sm">{t('noKeys')}</Text>;
  return (
    <Stack gap={6}>
      <ErrorNotice error={enabling.error ?? removal.error} />
      {channel.keys.map((key) => (
        <Group key={key.id} justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Text size="sm" ff="monospace">
              {key.masked}
            </Text>
            <StateTag tone={key.enabled ? 'green' : 'red'}>
              {key.enabled ? t('keyEnabled') : t('keyDisabled')}
            </StateTag>
            {!key.enabled && key.disabledReason && (
              <Text size="xs" c="dimmed">
                {t('keyDisabledBecause', { reason: key.disabledReason })}
              </Text>
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            {key.enabled ? (
              <Button size="compact-xs" variant="default" onClick={() => setDisabling(key)} aria-label={`${t('disableKey')} ${t('keyLabel', { key: key.masked })}`}>
                {t('disableKey')}
              </Button>
            ) : (
              <Button size="compact-xs" variant="default" loading={enabling.fetching} onClick={() => onEnable(key)} aria-label={`${t('enableKey')} ${t('keyLabel', { key: key.masked })}`}>
                {t('enableKey')}
              </Button>
            )}
            {channel.keys.length > 1 && (
              <Button size="compact-xs" variant="subtle" color="red" loading={removal.fetching} onClick={() => onRemove(key)} aria-label={`${t('removeKey')} ${t('keyLabel', { key: key.masked })}`}>
                {t('removeKey')}
              </Button>
            )}
          </Group>
        </Group>
      ))}
      <AdminModal opened={disabling !== null} onClose={() => setDisabling(null)} title={t('disableKeyTitle', { key: disabling?.masked ?? '' })} centered>
        {disabling && <DisableKeyForm keyRow={disabling} onDone={() => setDisabling(null)} />}
      </AdminModal>
    </Stack>
  );
}
