import { useState, type FormEvent } from 'react';
import { NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from 'urql';
import { AdminCreateChannelDocument, AdminUpdateChannelDocument, type AdminChannelFieldsFragment, type ChannelKind } from '../../../gql/admin-channels/graphql';
import { fieldErrors } from '../../../api/errors';
import { useAdminMessages } from '../messages';
import { ErrorNotice } from '../shared/ErrorNotice';
import { FormButtons } from '../shared/FormButtons';
import { CHANNEL_KINDS, createInput, formValues, updateInput, type ChannelFormValues } from './form';
import { MembershipsField } from './MembershipsField';
import { useChannelsMessages } from './messages';
import { AdminModal } from '../shared/AdminModal';
import { useNotify } from '../shared/notify';

/** Fields the form shows next to an input; an error for another shows under the form. */
const FORM_FIELDS = ['name', 'baseUrl', 'keys', 'addKeys', 'azureApiVersion', 'azureDeployment', 'models', 'groups', 'connectTimeoutMs', 'firstByteTimeoutMs', 'totalTimeoutMs', 'idleTimeoutSeconds'];

type GroupChoice = { name: string; displayName: string };

function ChannelForm({ channel, groups, onDone }: { channel: AdminChannelFieldsFragment | null; groups: GroupChoice[]; onDone(): void }) {
  const t = useChannelsMessages();
  const notify = useNotify();
  const ta = useAdminMessages();
  const [v, setValues] = useState<ChannelFormValues>(() => formValues(channel));
  const [created, create] = useMutation(AdminCreateChannelDocument);
  const [updated, update] = useMutation(AdminUpdateChannelDocument);
  const { fetching, error } = channel ? updated : created;
  const fields = fieldErrors(error);
  const set = (change: Partial<ChannelFormValues>) => setValues((old) => ({ ...old, ...change }));
  const demo = v.kind === 'Demo';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = channel ? await update({ id: channel.id, input: updateInput(v) }) : await create({ input: createInput(v) }, { additionalTypenames: ['Channel'] });
    if (!result.error) {
      notify(t(channel ? 'updated' : 'created', { name: v.name.trim() }));
      onDone();
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('name')} value={v.name} onChange={(e) => set({ name: e.currentTarget.value })} error={fields.name} required />
          <Select label={t('kind')} data={CHANNEL_KINDS} value={v.kind} onChange={(k) => k && set({ kind: k as ChannelKind })} disabled={Boolean(channel)} allowDeselect={false} />
        </SimpleGrid>
        {!demo && <TextInput label={t('baseUrl')} description={t('baseUrlHint')} value={v.baseUrl} onChange={(e) => set({ baseUrl: e.currentTarget.value })} error={fields.baseUrl} required={!channel} />}
        {v.kind === 'AzureOpenAI' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('azureApiVersion')} value={v.azureApiVersion} onChange={(e) => set({ azureApiVersion: e.currentTarget.value })} error={fields.azureApiVersion} />
            <TextInput label={t('azureDeployment')} description={t('azureDeploymentHint')} value={v.azureDeployment} onChange={(e) => set({ azureDeployment: e.currentTarget.value })} error={fields.azureDeployment} />
          </SimpleGrid>
        )}
        {!demo && (
          <Textarea
            label={channel ? t('addKeys') : t('keys')}
            description={channel ? t('addKeysHint') : t('keysHint')}
            value={v.keys}
            onChange={(e) => set({ keys: e.currentTarget.value })}
            error={fields.keys ?? fields.addKeys}
            required={!channel}
            autosize
            minRows={2}
            autoComplete="off"
            spellCheck={false}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
        )}
        <Textarea label={t('models')} description={t('modelsHint')} value={v.models} onChange={(e) => set({ models: e.currentTarget.value })} error={fields.models} autosize minRows={2} spellCheck={false} />
        <MembershipsField value={v.groups} onChange={(groups) => set({ groups })} groups={groups} error={fields.groups} />
        <Text size="sm" fw={700}>
          {t('timeouts')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <NumberInput label={t('connectTimeout')} placeholder={t('defaultValue')} value={v.connectTimeoutMs} onChange={(n) => set({ connectTimeoutMs: n })} error={fields.connectTimeoutMs} allowDecimal={false} min={1} />
          <NumberInput label={t('firstByteTimeout')} placeholder={t('defaultValue')} value={v.firstByteTimeoutMs} onChange={(n) => set({ firstByteTimeoutMs: n })} error={fields.firstByteTimeoutMs} allowDecimal={false} min={1} />
          <NumberInput label={t('totalTimeout')} placeholder={t('defaultValue')} value={v.totalTimeoutMs} onChange={(n) => set({ totalTimeoutMs: n })} error={fields.totalTimeoutMs} allowDecimal={false} min={1} />
        </SimpleGrid>
        <NumberInput
          label={t('idleTimeout')}
          description={t('idleTimeoutHint')}
          placeholder={t('defaultValue')}
          value={v.idleTimeoutSeconds}
          onChange={(n) => set({ idleTimeoutSeconds: n })}
          error={fields.idleTimeoutSeconds}
          allowDecimal={false}
          min={1}
          max={3600}
        />
        <Switch label={t('active')} checked={v.active} onChange={(e) => set({ active: e.currentTarget.checked })} />
        {!FORM_FIELDS.some((f) => fields[f]) && <ErrorNotice error={error} />}
        <FormButtons submitLabel={channel ? ta('save') : ta('create')} busy={fetching} onLeave={onDone} />
      </Stack>
    </form>
  );
}

/** Creates a channel (`channel` null) or edits one; keys can only be added here (each key has its own switch and removal). */
export function ChannelDialog(props: { opened: boolean; channel: AdminChannelFieldsFragment | null; groups: GroupChoice[]; onClose(): void }) {
  const t = useChannelsMessages();
  return (
    <AdminModal opened={props.opened} onClose={props.onClose} title={props.channel ? t('editTitle', { name: props.channel.name }) : t('createTitle')} size="xl">
      <ChannelForm channel={props.channel} groups={props.groups} onDone={props.onClose} />
    </AdminModal>
  );
}
