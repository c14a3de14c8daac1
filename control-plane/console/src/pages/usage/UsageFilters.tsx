import { Button, Card, Group, NativeSelect, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { rangeInvalid, type UsageFilterForm } from './filters';
import { useUsageMessages } from './messages';

interface Choice {
  value: string;
  label: string;
}

/** A native select of `choices` whose first option, "all", stands for no filter (null). */
function ChoiceSelect({ label, all, choices, value, onChange }: { label: string; all: string; choices: Choice[]; value: string | null; onChange: (value: string | null) => void }) {
  return <NativeSelect label={label} data={[{ value: '', label: all }, ...choices]} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value || null)} />;
}

/** The filters of the usage page: token, model, group and a range of days. */
export function UsageFilters({
  form,
  onChange,
  onClear,
  tokens,
  models,
  groups,
}: {
  form: UsageFilterForm;
  onChange: (change: Partial<UsageFilterForm>) => void;
  onClear: () => void;
  tokens: Choice[];
  models: string[];
  groups: Choice[];
}) {
  const t = useUsageMessages();
  const badRange = rangeInvalid(form);
  // A value chosen earlier stays choosable even when the lists no longer name it.
  const withCurrent = (list: Choice[], value: string | null) => (value && !list.some((c) => c.value === value) ? [...list, { value, label: value }] : list);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="usage-filters-title">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" id="usage-filters-title">
          {t('filters')}
        </Title>
        <Button variant="subtle" size="compact-sm" onClick={onClear}>
          {t('clearFilters')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        <ChoiceSelect label={t('token')} all={t('allTokens')} choices={withCurrent(tokens, form.tokenId)} value={form.tokenId} onChange={(tokenId) => onChange({ tokenId })} />
        <ChoiceSelect
          label={t('model')}
          all={t('allModels')}
          choices={withCurrent(
            models.map((m) => ({ value: m, label: m })),
            form.model,
          )}
          value={form.model}
          onChange={(model) => onChange({ model })}
        />
        <ChoiceSelect label={t('group')} all={t('allGroups')} choices={withCurrent(groups, form.group)} value={form.group} onChange={(group) => onChange({ group })} />
        <TextInput type="date" label={t('from')} value={form.fromDay} max={form.toDay || undefined} onChange={(e) => onChange({ fromDay: e.currentTarget.value })} error={badRange} />
        <TextInput type="date" label={t('to')} value={form.toDay} min={form.fromDay || undefined} onChange={(e) => onChange({ toDay: e.currentTarget.value })} error={badRange} />
      </SimpleGrid>
      {badRange && (
        <Text c="red.8" size="sm" mt="xs" role="alert">
          {t('rangeInvalid')}
        </Text>
      )}
    </Card>
  );
}
