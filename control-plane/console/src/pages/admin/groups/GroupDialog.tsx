import { useState, type FormEvent } from 'react';
import { Checkbox, Group, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useMutation } from 'urql';
import { GROUP_FORMATS } from '../../../../../../shared/formats';
import { AdminCreateGroupDocument, AdminUpdateGroupDocument, type AdminGroupFieldsFragment, type BillingKind } from '../../../gql/admin-groups/graphql';
import { fieldErrors } from '../../../api/errors';
import { useAdminMessages } from '../messages';
import { ErrorNotice } from '../shared/ErrorNotice';
import { FormButtons } from '../shared/FormButtons';
import { useGroupsMessages } from './messages';
import { AdminModal } from '../shared/AdminModal';
import { useNotify } from '../shared/notify';
import { invalidLimits, limitTexts, limitsInput } from '../../../components/rate-limits/limits';
import { RateLimitFields, limitErrors } from '../../../components/rate-limits/RateLimitFields';
import { useRateLimitMessages } from '../../../components/rate-limits/messages';

/** The form's fields, as the API takes them. */
type GroupValues = Omit<AdminGroupFieldsFragment, '__typename' | 'limits'>;

const EMPTY: GroupValues = {
  name: '',
  displayName: '',
  description: '',
  priceMultiplier: '1',
  formats: ['chat-completions'],
  recommendedFormat: 'chat-completions',
  billingKind: 'Tokens',
  autoRoute: true,
  isPublic: true,
  status: 'Active',
};

/** The form's values of a group (urql adds `__typename`, which no input takes). */
function valuesOf(g: AdminGroupFieldsFragment): GroupValues {
  const { name, displayName, description, priceMultiplier, formats, recommendedFormat, billingKind, autoRoute, isPublic, status } = g;
  return { name, displayName, description, priceMultiplier, formats, recommendedFormat, billingKind, autoRoute, isPublic, status };
}

/** Fields the form shows; an error for another field is shown as a message under the form. */
const FORM_FIELDS = ['name', 'displayName', 'description', 'priceMultiplier', 'formats', 'recommendedFormat', 'limits.rpm', 'limits.tpm', 'limits.concurrency'];

function GroupForm({ group, onDone }: { group: AdminGroupFieldsFragment | null; onDone(): void }) {
  const t = useGroupsMessages();
  const notify = useNotify();
  const ta = useAdminMessages();
  const [values, setValues] = useState<GroupValues>(() => (group ? valuesOf(group) : EMPTY));
  const [created, create] = useMutation(AdminCreateGroupDocument);
  const [updated, update] = useMutation(AdminUpdateGroupDocument);
  const { fetching, error } = group ? updated : created;
  const fields = fieldErrors(error);
  const set = (change: Partial<GroupValues>) => setValues((v) => ({ ...v, ...change }));
  const tl = useRateLimitMessages();
  const [limits, setLimits] = useState(() => limitTexts(group?.limits));
  const [checked, setChecked] = useState(false);
  const invalid = invalidLimits(limits);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (invalid.length > 0) return;
    const { name, ...rest } = values;
    const input = { ...rest, limits: limitsInput(limits) };
    // A recommended format no longer listed is left to the API (it keeps it if listed, else takes the first).
    const recommendedFormat = input.formats.includes(input.recommendedFormat) ? input.recommendedFormat : null;
    const result = group ? await update({ name: group.name, input: { ...input, recommendedFormat } }) : await create({ input: { name, ...input, recommendedFormat } });
    if (!result.error) {
      notify(t(group ? 'updated' : 'created', { name }));
      onDone();
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('name')} description={t('nameHint')} value={values.name} onChange={(e) => set({ name: e.currentTarget.value })} error={fields.name} required disabled={Boolean(group)} />
          <TextInput label={t('displayName')} value={values.displayName} onChange={(e) => set({ displayName: e.currentTarget.value })} error={fields.displayName} required />
        </SimpleGrid>
        <Textarea label={t('description')} value={values.description} onChange={(e) => set({ description: e.currentTarget.value })} error={fields.description} autosize minRows={2} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('multiplier')} description={t('multiplierHint')} value={values.priceMultiplier} onChange={(e) => set({ priceMultiplier: e.currentTarget.value })} error={fields.priceMultiplier} required inputMode="decimal" />
          <Select
            label={t('billingKind')}
            value={values.billingKind}
            onChange={(v) => v && set({ billingKind: v as BillingKind })}
            data={[
              { value: 'Tokens', label: t('Tokens') },
              { value: 'PerRequest', label: t('PerRequest') },
            ]}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Checkbox.Group label={t('formats')} value={values.formats} onChange={(formats) => set({ formats })} error={fields.formats}>
          <Group gap="md" mt={4}>
            {GROUP_FORMATS.map((f) => (
              <Checkbox key={f} value={f} label={f} />
            ))}
          </Group>
        </Checkbox.Group>
        <Select
          label={t('recommendedFormat')}
          value={values.formats.includes(values.recommendedFormat) ? values.recommendedFormat : (values.formats[0] ?? null)}
          onChange={(v) => v && set({ recommendedFormat: v })}
          data={values.formats}
          error={fields.recommendedFormat}
          allowDeselect={false}
        />
        <Switch label={t('autoRoute')} description={t('autoRouteHint')} checked={values.autoRoute} onChange={(e) => set({ autoRoute: e.currentTarget.checked })} />
        <Switch label={t('isPublic')} description={t('isPublicHint')} checked={values.isPublic} onChange={(e) => set({ isPublic: e.currentTarget.checked })} />
        <Switch label={t('active')} description={t('activeHint')} checked={values.status === 'Active'} onChange={(e) => set({ status: e.currentTarget.checked ? 'Active' : 'Disabled' })} />
        <RateLimitFields values={limits} onChange={setLimits} errors={limitErrors(checked ? invalid : [], fields, tl('wholeNumber'))} description={t('limitsHint')} />
        {!FORM_FIELDS.some((f) => fields[f]) && <ErrorNotice error={error} />}
        <FormButtons submitLabel={group ? ta('save') : ta('create')} busy={fetching} onLeave={onDone} />
      </Stack>
    </form>
  );
}

/** Creates a group (`group` null) or edits one. */
export function GroupDialog({ opened, group, onClose }: { opened: boolean; group: AdminGroupFieldsFragment | null; onClose(): void }) {
  const t = useGroupsMessages();
  return (
    <AdminModal opened={opened} onClose={onClose} title={group ? t('editTitle', { name: group.name }) : t('createTitle')} size="lg">
      <GroupForm group={group} onDone={onClose} />
    </AdminModal>
  );
}
