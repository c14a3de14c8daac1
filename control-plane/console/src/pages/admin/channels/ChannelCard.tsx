import type { ReactNode } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { AdminChannelFieldsFragment } from '../../../gql/admin-channels/graphql';
import { useAdminMessages } from '../messages';
import { ChannelKeys } from './ChannelKeys';
import { useChannelsMessages } from './messages';
import { StateTag } from '../shared/StateTag';

/** A label above a value in a channel's card. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}

/** One channel: where it points, its models, groups and keys, and its actions. */
export function ChannelCard(props: { channel: AdminChannelFieldsFragment; onTest(): void; onEdit(): void; onDelete(): void }) {
  const t = useChannelsMessages();
  const ta = useAdminMessages();
  const { channel } = props;
  return (
    <Card withBorder component="article" aria-label={channel.name} data-testid={`channel-${channel.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={700}>{channel.name}</Text>
            <StateTag tone="gray">
              {channel.isDemo ? t('demo') : channel.kind}
            </StateTag>
            <StateTag tone={channel.status === 'Active' ? 'green' : 'gray'}>
              {t(channel.status)}
            </StateTag>
          </Group>
          <Group gap={4}>
            <Button size="compact-sm" onClick={props.onTest} aria-label={`${t('test')} ${channel.name}`}>
              {t('test')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={props.onEdit} aria-label={`${ta('edit')} ${channel.name}`}>
              {ta('edit')}
            </Button>
            <Button size="compact-sm" variant="subtle" color="red" onClick={props.onDelete} aria-label={`${ta('delete')} ${channel.name}`}>
              {ta('delete')}
            </Button>
          </Group>
        </Group>
        {channel.baseUrl && (
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {channel.baseUrl}
          </Text>
        )}
        <Field label={t('groups')}>
          <Text size="sm">{channel.groups.length ? channel.groups.map((g) => (g.priority === 0 && g.weight === 1 ? g.group : t('membership', g))).join(' · ') : t('noGroups')}</Text>
        </Field>
        <Field label={t('served', { count: channel.models.length })}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {channel.models.map((m) => (m.upstreamModel === m.model ? m.model : `${m.model} → ${m.upstreamModel}`)).join(', ') || '—'}
          </Text>
        </Field>
        <Field label={t('keys')}>
          <ChannelKeys channel={channel} />
        </Field>
      </Stack>
    </Card>
  );
}
