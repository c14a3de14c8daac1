import { useState, type FormEvent } from 'react';
import { NumberInput, Select, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from 'urql';
import { AdminCreateModelDocument, AdminUpdateModelDocument, type AdminModelFieldsFragment, type ModelKind } from '../../../gql/admin-models/graphql';
import { fieldErrors } from '../../../api/errors';
import { useAdminMessages } from '../messages';
import { ErrorNotice } from '../shared/ErrorNotice';
import { FormButtons } from '../shared/FormButtons';
import { MODEL_KINDS } from './kinds';
import { MODEL_LISTS } from './lists';
import { createInput, formValues, PRICE_FIELDS, updateInput, type ModelFormValues } from './form';
import { useModelsMessages } from './messages';
import { AdminModal } from '../shared/AdminModal';
import { useNotify } from '../shared/notify';

function ModelForm({ model, onDone }: { model: AdminModelFieldsFragment | null; onDone(): void }) {
  const t = useModelsMessages();
  const notify = useNotify();
  const ta = useAdminMessages();
  const [v, setValues] = useState<ModelFormValues>(() => formValues(model));
  const [created, create] = useMutation(AdminCreateModelDocument);
  const [updated, update] = useMutation(AdminUpdateModelDocument);
  const { fetching, error } = model ? updated : created;
  const fields = fieldErrors(error);
  const set = (change: Partial<ModelFormValues>) => setValues((old) => ({ ...old, ...change }));
  const unitPriceError = Object.entries(fields).find(([f]) => f.startsWith('unitPrices'));
  const shown = ['modelId', 'vendor', 'kind', 'multiplier', 'aliases', 'contextLimit', 'outputLimit', 'defaultMaxOutputTokens', 'rejectedParameters', ...PRICE_FIELDS.map((f) => `prices.${f}`), ...(unitPriceError ? [unitPriceError[0]] : [])];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = model ? await update({ modelId: model.modelId, input: updateInput(v, model) }) : await create({ input: createInput(v) }, MODEL_LISTS);
    if (!result.error) {
      notify(t(model ? 'updated' : 'created', { model: v.modelId.trim() }));
      onDone();
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('modelId')} value={v.modelId} onChange={(e) => set({ modelId: e.currentTarget.value })} error={fields.modelId} required disabled={Boolean(model)} spellCheck={false} />
          <TextInput label={t('vendor')} description={t('vendorHint')} value={v.vendor} onChange={(e) => set({ vendor: e.currentTarget.value })} error={fields.vendor} required />
          <Select label={t('kind')} data={MODEL_KINDS.map((k) => ({ value: k, label: t(k) }))} value={v.kind} onChange={(k) => k && set({ kind: k as ModelKind })} error={fields.kind} allowDeselect={false} />
          <TextInput label={t('multiplier')} value={v.multiplier} onChange={(e) => set({ multiplier: e.currentTarget.value })} error={fields.multiplier} required inputMode="decimal" />
        </SimpleGrid>
        <TagsInput label={t('aliases')} description={t('aliasesHint')} value={v.aliases} onChange={(aliases) => set({ aliases })} error={fields.aliases} clearable />
        <Text size="sm" fw={700}>
          {t('prices')}
        </Text>
        <Text size="xs" c="dimmed" mt={-8}>
          {t('pricesHint')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {PRICE_FIELDS.map((f) => (
            <TextInput key={f} label={t(f)} value={v.prices[f]} onChange={(e) => set({ prices: { ...v.prices, [f]: e.currentTarget.value } })} error={fields[`prices.${f}`]} inputMode="decimal" />
          ))}
        </SimpleGrid>
        {v.kind !== 'Text' && (
          <Textarea
            label={t('unitPrices')}
            description={t('unitPricesHint')}
            value={v.unitPrices}
            onChange={(e) => set({ unitPrices: e.currentTarget.value })}
            error={unitPriceError && `${unitPriceError[0].replace(/^unitPrices\.(\d+).*/, (_m, i: string) => t('unitPriceLine', { line: Number(i) + 1 }))}: ${unitPriceError[1]}`}
            autosize
            minRows={2}
            spellCheck={false}
            ff="monospace"
          />
        )}
        {model && <Switch label={t('manualPriceOverride')} description={t('manualPriceOverrideHint')} checked={v.manualPriceOverride} onChange={(e) => set({ manualPriceOverride: e.currentTarget.checked })} />}
        <Text size="sm" fw={700}>
          {t('limits')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <NumberInput label={t('contextLimit')} value={v.contextLimit} onChange={(n) => set({ contextLimit: n })} error={fields.contextLimit} allowDecimal={false} min={1} thousandSeparator />
          <NumberInput label={t('outputLimit')} value={v.outputLimit} onChange={(n) => set({ outputLimit: n })} error={fields.outputLimit} allowDecimal={false} min={1} thousandSeparator />
          <NumberInput label={t('defaultMaxOutputTokens')} value={v.defaultMaxOutputTokens} onChange={(n) => set({ defaultMaxOutputTokens: n })} error={fields.defaultMaxOutputTokens} allowDecimal={false} min={1} thousandSeparator />
        </SimpleGrid>
        <TagsInput label={t('rejectedParameters')} description={t('rejectedParametersHint')} value={v.rejectedParameters} onChange={(rejectedParameters) => set({ rejectedParameters })} error={fields.rejectedParameters} clearable />
        {!shown.some((f) => fields[f]) && <ErrorNotice error={error} />}
        <FormButtons submitLabel={model ? ta('save') : ta('create')} busy={fetching} onLeave={onDone} />
      </Stack>
    </form>
  );
}

/** Creates a model (`model` null) or edits one: multiplier, prices, limits, aliases and rejected parameters. */
export function ModelDialog({ opened, model, onClose }: { opened: boolean; model: AdminModelFieldsFragment | null; onClose(): void }) {
  const t = useModelsMessages();
  return (
    <AdminModal opened={opened} onClose={onClose} title={model ? t('editTitle', { model: model.modelId }) : t('createTitle')} size="xl">
      <ModelForm model={model} onDone={onClose} />
    </AdminModal>
  );
}
