import { useState, type FormEvent } from 'react';
import { Button, Card, Group, MultiSelect, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation } from 'urql';
import { AdminCreateIncidentDocument, type IncidentImpact, type IncidentStatus } from '../../../gql/admin-operations/graphql';
import { fieldErrors } from '../../../api/errors';
import { ErrorNotice } from '../shared/ErrorNotice';
import { IMPACTS, OPEN_STATUSES } from './labels';
import { useIncidentsMessages } from './messages';
import { useNotify } from '../shared/notify';

const EMPTY = { title: '', impact: 'MINOR' as IncidentImpact, status: 'INVESTIGATING' as IncidentStatus, groups: [] as string[], message: '' };

/** Opens an incident notice with its first update. */
export function NewIncidentForm({ groups }: { groups: { name: string; displayName: string }[] }) {
  const t = useIncidentsMessages();
  const notify = useNotify();
  const [v, setValues] = useState(EMPTY);
  const [{ fetching, error }, create] = useMutation(AdminCreateIncidentDocument);
  const fields = fieldErrors(error);
  const set = (change: Partial<typeof EMPTY>) => setValues((old) => ({ ...old, ...change }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ input: { ...v, title: v.title.trim(), message: v.message.trim() } }, { additionalTypenames: ['Incident'] });
    if (result.data) {
      notify(t('created'));
      setValues(EMPTY);
    }
  };

  return (
    <Card withBorder component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Title order={4}>{t('newIncident')}</Title>
        <TextInput label={t('incidentTitle')} value={v.title} onChange={(e) => set({ title: e.currentTarget.value })} error={fields.title} required />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select label={t('impact')} data={IMPACTS.map((i) => ({ value: i, label: t(i) }))} value={v.impact} onChange={(i) => i && set({ impact: i as IncidentImpact })} allowDeselect={false} />
          <Select label={t('status')} data={OPEN_STATUSES.map((s) => ({ value: s, label: t(s) }))} value={v.status} onChange={(s) => s && set({ status: s as IncidentStatus })} allowDeselect={false} />
          <MultiSelect label={t('groups')} placeholder={t('groupsHint')} data={groups.map((g) => ({ value: g.name, label: g.displayName }))} value={v.groups} onChange={(g) => set({ groups: g })} error={fields.groups} searchable clearable />
        </SimpleGrid>
        <Textarea label={t('message')} description={t('messageHint')} value={v.message} onChange={(e) => set({ message: e.currentTarget.value })} error={fields.message} required autosize minRows={2} />
        {!fields.title && !fields.groups && !fields.message && <ErrorNotice error={error} />}
        <Group justify="flex-end">
          <Button type="submit" loading={fetching}>
            {t('create')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
