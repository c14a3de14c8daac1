import { useState } from 'react';
import { ActionIcon, Group, Input, Paper, Select, Stack, Text, type ComboboxItem } from '@mantine/core';
import type { TokensGroupsQuery } from '../../gql/tokens/graphql';
import { useTokensMessages } from './messages';

/** A group as the picker shows it. */
export type PickerGroup = TokensGroupsQuery['groups'][number];

interface GroupPickerProps {
  groups: readonly PickerGroup[];
  main: string | null;
  fallbacks: string[];
  onChange(main: string | null, fallbacks: string[]): void;
  /** The API's complaint about the group list. */
  error?: string;
}

/** The main group, then the ordered fallbacks: add, remove and reorder, with each group's multiplier and formats. */
export function GroupPicker({ groups, main, fallbacks, onChange, error }: GroupPickerProps) {
  const t = useTokensMessages();
  const [search, setSearch] = useState('');
  const byName = new Map(groups.map((g) => [g.name, g]));
  const option = (g: PickerGroup): ComboboxItem => ({ value: g.name, label: t('groupOption', { name: g.name, display: g.displayName, multiplier: g.priceMultiplier }) });
  const details = (name: string) => {
    const g = byName.get(name);
    return g ? t('groupDetails', { multiplier: g.priceMultiplier, formats: g.formats.join(', ') }) : '';
  };
  const renderOption = ({ option: o }: { option: ComboboxItem }) => (
    <Stack gap={0}>
      <Text size="sm">{o.label}</Text>
      <Text size="xs" c="dimmed">
        {byName.get(o.value)?.formats.join(', ')}
      </Text>
    </Stack>
  );
  const move = (from: number, to: number) => {
    const next = [...fallbacks];
    [next[from], next[to]] = [next[to], next[from]];
    onChange(main, next);
  };

  return (
    <Stack gap="sm">
      <Select
        label={t('mainGroup')}
        description={main ? details(main) : t('mainGroupHint')}
        placeholder={t('mainGroupPlaceholder')}
        data={groups.map(option)}
        value={main}
        // A group is main or fallback, never both; no main group means no fallbacks either.
        onChange={(value) => onChange(value, value ? fallbacks.filter((f) => f !== value) : [])}
        renderOption={renderOption}
        searchable
        selectFirstOptionOnChange
        clearable
        clearButtonProps={{ 'aria-label': t('clearMain') }}
        error={error}
        comboboxProps={{ withinPortal: true }}
      />
      <Input.Wrapper label={t('fallbackGroups')} description={t('fallbackHint')}>
        <Stack gap={6} mt={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('fallbackGroups')}>
          {fallbacks.length === 0 && (
            <Text component="li" size="sm" c="dimmed">
              {t('noFallbacks')}
            </Text>
          )}
          {fallbacks.map((name, i) => (
            <Paper component="li" key={name} withBorder px="sm" py={6} data-testid="fallback-group">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    {i + 2}. {name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {details(name)}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={t('moveUp', { group: name })} disabled={i === 0} onClick={() => move(i, i - 1)}>
                    ↑
                  </ActionIcon>
                  <ActionIcon variant="subtle" aria-label={t('moveDown', { group: name })} disabled={i === fallbacks.length - 1} onClick={() => move(i, i + 1)}>
                    ↓
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={t('remove', { group: name })} onClick={() => onChange(main, fallbacks.filter((f) => f !== name))}>
                    ✕
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Input.Wrapper>
      <Select
        label={t('addFallback')}
        placeholder={main ? t('addFallbackPlaceholder') : t('needMainFirst')}
        disabled={!main}
        data={groups.filter((g) => g.name !== main && !fallbacks.includes(g.name)).map(option)}
        value={null}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(value) => {
          if (value) onChange(main, [...fallbacks, value]);
          setSearch('');
        }}
        renderOption={renderOption}
        searchable
        selectFirstOptionOnChange
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
