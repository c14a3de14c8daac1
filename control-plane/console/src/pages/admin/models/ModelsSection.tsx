import { useState, type FormEvent } from 'react';
import { Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { AdminDeleteModelDocument, AdminModelsDocument, type AdminModelFieldsFragment, type ModelFilter, type ModelKind } from '../../../gql/admin-models/graphql';
import { fieldErrors } from '../../../api/errors';
import { CursorPager, useCursorPages } from '../../../components/CursorPager';
import { formatCount, formatUsd } from '../../../i18n/format';
import { PageLoader } from '../../../app/guards';
import { useAdminMessages } from '../messages';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { ErrorNotice } from '../shared/ErrorNotice';
import { SectionTitle } from '../shared/SectionTitle';
import { PRICE_FIELDS } from './form';
import { useCatalogImport } from './useCatalogImport';
import { MODEL_KINDS } from './kinds';
import { MODEL_LISTS } from './lists';
import { ModelDialog } from './ModelDialog';
import { useModelsMessages } from './messages';
import { useNotify } from '../shared/notify';
import { StateTag } from '../shared/StateTag';

const PAGE_SIZE = 25;
const ANY = 'any';

/** The prices a model has, in words: "Input $3 · Output $15". */
function PriceSummary({ model }: { model: AdminModelFieldsFragment }) {
  const t = useModelsMessages();
  const set = PRICE_FIELDS.filter((f) => model.prices[f] != null);
  if (set.length === 0) return <Text size="sm">{t('notPriced')}</Text>;
  return <Text size="sm">{set.map((f) => `${t(f)} ${formatUsd(model.prices[f])}`).join(' · ')}</Text>;
}

/** The model catalog: search and filter, edit multipliers, prices and rejected parameters, create, delete, import. */
export function ModelsSection() {
  const t = useModelsMessages();
  const notify = useNotify();
  const ta = useAdminMessages();
  const [draft, setDraft] = useState({ search: '', vendor: '', kind: ANY });
  const [filter, setFilter] = useState<ModelFilter>({});
  const pages = useCursorPages(JSON.stringify(filter));
  const [{ data, fetching, error }, reexecute] = useQuery({ query: AdminModelsDocument, variables: { filter, first: PAGE_SIZE, after: pages.after }, context: MODEL_LISTS });
  const [editing, setEditing] = useState<AdminModelFieldsFragment | null | 'new'>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [removal, remove] = useMutation(AdminDeleteModelDocument);
  const catalogImport = useCatalogImport();
  const fields = fieldErrors(error);
  const list = data?.models;

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    setFilter({
      ...(draft.search.trim() && { search: draft.search.trim() }),
      ...(draft.vendor.trim() && { vendor: draft.vendor.trim() }),
      ...(draft.kind !== ANY && { kind: draft.kind as ModelKind }),
    });
  };
  const onDelete = async () => {
    if (!deleting) return;
    const result = await remove({ modelId: deleting }, MODEL_LISTS);
    if (!result.error) {
      notify(t('deleted', { model: deleting }));
      setDeleting(null);
    }
  };

  return (
    <Stack gap="md">
      <SectionTitle
        actions={
          <>
            {catalogImport.button}
            <Button onClick={() => setEditing('new')}>{t('add')}</Button>
          </>
        }
      >
        {t('title')}
      </SectionTitle>
      {catalogImport.outcome}
      <form onSubmit={onFilter} role="search" noValidate>
        <Group align="flex-end" gap="xs">
          <TextInput label={t('search')} placeholder={t('searchPlaceholder')} value={draft.search} onChange={(e) => setDraft({ ...draft, search: e.currentTarget.value })} error={fields.search} style={{ flex: 2, minWidth: 180 }} />
          <TextInput label={t('vendor')} placeholder={t('anyVendor')} value={draft.vendor} onChange={(e) => setDraft({ ...draft, vendor: e.currentTarget.value })} style={{ flex: 1, minWidth: 120 }} />
          <Select
            label={t('kind')}
            value={draft.kind}
            onChange={(k) => k && setDraft({ ...draft, kind: k })}
            data={[{ value: ANY, label: t('anyKind') }, ...MODEL_KINDS.map((k) => ({ value: k, label: t(k) }))]}
            allowDeselect={false}
            style={{ flex: 1, minWidth: 120 }}
          />
          <Button type="submit">{t('search')}</Button>
        </Group>
      </form>
      {!fields.search && <ErrorNotice error={error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />}
      {!list && fetching && <PageLoader />}
      {list && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {list.totalCount === 0 ? t('none') : t('count', { count: formatCount(list.totalCount) })}
          </Text>
          {list.nodes.length > 0 && (
            <Table.ScrollContainer minWidth={900}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('modelId')}</Table.Th>
                    <Table.Th>{t('vendor')}</Table.Th>
                    <Table.Th ta="right">{t('multiplier')}</Table.Th>
                    <Table.Th>{t('priceCol')}</Table.Th>
                    <Table.Th>{t('rejectedParameters')}</Table.Th>
                    <Table.Th>{ta('actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.nodes.map((m) => (
                    <Table.Tr key={m.id}>
                      <Table.Td>
                        <Text size="sm" fw={600} ff="monospace">
                          {m.modelId}
                        </Text>
                        {m.aliases.length > 0 && (
                          <Text size="xs" c="dimmed">
                            {m.aliases.join(', ')}
                          </Text>
                        )}
                        <Group gap={4} mt={2}>
                          <StateTag tone="gray" size="xs">
                            {t(m.kind)}
                          </StateTag>
                          {m.manualPriceOverride && (
                            <StateTag tone="indigo" size="xs">
                              {t('manual')}
                            </StateTag>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{m.vendor}</Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        ×{m.multiplier}
                      </Table.Td>
                      <Table.Td>
                        <PriceSummary model={m} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {m.rejectedParameters.join(', ') || '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="compact-sm" variant="default" onClick={() => setEditing(m)} aria-label={`${ta('edit')} ${m.modelId}`}>
                            {ta('edit')}
                          </Button>
                          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(m.modelId)} aria-label={`${ta('delete')} ${m.modelId}`}>
                            {ta('delete')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <CursorPager pages={pages} endCursor={list.pageInfo.endCursor} hasNextPage={list.pageInfo.hasNextPage} disabled={fetching} />
        </>
      )}
      <ModelDialog opened={editing !== null} model={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <ConfirmDialog opened={deleting !== null} message={t('deleteQuestion', { model: deleting ?? '' })} busy={removal.fetching} error={removal.error} onConfirm={onDelete} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
