import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Select, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { useMutation } from 'urql';
import { AdminPostIncidentUpdateDocument, AdminResolveIncidentDocument, type AdminIncidentFieldsFragment, type IncidentStatus } from '../../../gql/admin-operations/graphql';
import { fieldErrors } from '../../../api/errors';
import { formatDateTime } from '../../../i18n/format';
import { ErrorNotice } from '../shared/ErrorNotice';
import { IMPACT_COLOR, OPEN_STATUSES } from './labels';
import { useIncidentsMessages } from './messages';
import { useNotify } from '../shared/notify';
import { StateTag } from '../shared/StateTag';

/** Posts an update to an open incident, or resolves it with a closing message. */
function UpdateForm({ incident }: { incident: AdminIncidentFieldsFragment }) {
  const t = useIncidentsMessages();
  const notify = useNotify();
  const [status, setStatus] = useState<IncidentStatus>(incident.status === 'RESOLVED' ? 'MONITORING' : incident.status);
  const [message, setMessage] = useState('');
  const [posting, post] = useMutation(AdminPostIncidentUpdateDocument);
  const [resolving, resolve] = useMutation(AdminResolveIncidentDocument);
  const error = posting.error ?? resolving.error;
  const fields = fieldErrors(error);

  const send = async (closing: boolean) => {
    const input = { incidentId: incident.id, status: closing ? ('RESOLVED' as const) : status, message: message.trim() };
    const result = closing ? await resolve({ input }) : await post({ input });
    if (!result.error) {
      notify(closing ? t('resolved') : t('updated'));
      setMessage('');
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Textarea label={t('updateMessage')} value={message} onChange={(e) => setMessage(e.currentTarget.value)} error={fields.message} autosize minRows={2} />
        <Group align="flex-end" gap="xs" justify="space-between">
          <Select label={t('updateStatus')} data={OPEN_STATUSES.map((s) => ({ value: s, label: t(s) }))} value={status} onChange={(s) => s && setStatus(s as IncidentStatus)} allowDeselect={false} w={200} />
          <Group gap="xs">
            <Button type="submit" variant="default" loading={posting.fetching}>
              {t('postUpdate')}
            </Button>
            <Button loading={resolving.fetching} onClick={() => void send(true)}>
              {t('resolve')}
            </Button>
          </Group>
        </Group>
        {!fields.message && <ErrorNotice error={error} />}
      </Stack>
    </form>
  );
}

/** One incident with its updates (newest first), and the update form while it is open. */
export function IncidentCard({ incident, groupName }: { incident: AdminIncidentFieldsFragment; groupName(name: string): string }) {
  const t = useIncidentsMessages();
  const open = incident.status !== 'RESOLVED';
  return (
    <Card withBorder component="article" aria-label={incident.title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{incident.title}</Text>
          <Group gap={4}>
            <StateTag tone={IMPACT_COLOR[incident.impact]}>
              {t(incident.impact)}
            </StateTag>
            <StateTag tone={open ? 'blue' : 'green'}>
              {t(incident.status)}
            </StateTag>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {incident.groups.length ? incident.groups.map(groupName).join(', ') : t('wholeService')} · {t('opened', { date: formatDateTime(incident.createdAt) })}
          {incident.resolvedAt && ` · ${t('resolvedAt', { date: formatDateTime(incident.resolvedAt) })}`}
        </Text>
        <Timeline bulletSize={12} lineWidth={2} aria-label={t('updates')}>
          {[...incident.updates].reverse().map((u) => (
            <Timeline.Item key={u.id} title={`${t(u.status)} · ${formatDateTime(u.createdAt)}`}>
              <Text size="sm">{u.message}</Text>
            </Timeline.Item>
          ))}
        </Timeline>
        {open && <UpdateForm incident={incident} />}
      </Stack>
    </Card>
  );
}
