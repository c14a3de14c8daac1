import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import type { ChannelMembershipInput } from '../../../gql/admin-channels/graphql';
import { useChannelsMessages } from './messages';

/** A channel's places in groups: which group, its priority there and its weight within that priority. */
export function MembershipsField(props: { value: ChannelMembershipInput[]; onChange(value: ChannelMembershipInput[]): void; groups: { name: string; displayName: string }[]; error?: string }) {
  const t = useChannelsMessages();
  const { value, onChange } = props;
  const change = (index: number, patch: Partial<ChannelMembershipInput>) => onChange(value.map((m, i) => (i === index ? { ...m, ...patch } : m)));
  const unused = props.groups.filter((g) => !value.some((m) => m.group === g.name));
  const options = (current: string) => props.groups.filter((g) => g.name === current || unused.includes(g)).map((g) => ({ value: g.name, label: `${g.displayName} (${g.name})` }));

  return (
    <Stack gap="xs">
      <Text size="sm" fw={700}>
        {t('groups')}
      </Text>
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('noGroups')}
        </Text>
      )}
      {value.map((m, index) => (
        <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
          <Select label={t('group')} data={options(m.group)} value={m.group || null} onChange={(g) => g && change(index, { group: g })} allowDeselect={false} style={{ flex: 2, minWidth: 0 }} searchable />
          <NumberInput label={t('priority')} value={m.priority ?? 0} onChange={(n) => change(index, { priority: Number(n) || 0 })} allowDecimal={false} style={{ flex: 1, minWidth: 70 }} />
          <NumberInput label={t('weight')} value={m.weight ?? 1} onChange={(n) => change(index, { weight: Number(n) || 0 })} allowDecimal={false} min={0} style={{ flex: 1, minWidth: 70 }} />
          <ActionIcon variant="subtle" color="red" size="lg" mb={2} onClick={() => onChange(value.filter((_, i) => i !== index))} aria-label={t('removeGroup', { group: m.group })}>
            ×
          </ActionIcon>
        </Group>
      ))}
      {props.error && (
        <Text size="xs" c="red.8" role="alert">
          {props.error}
        </Text>
      )}
      <Group>
        <Button variant="default" size="compact-sm" disabled={unused.length === 0} onClick={() => onChange([...value, { group: unused[0].name, priority: 0, weight: 1 }])}>
          {t('addGroup')}
        </Button>
      </Group>
    </Stack>
  );
}
