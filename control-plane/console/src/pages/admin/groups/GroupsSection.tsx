import { useState } from 'react';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { AdminDeleteGroupDocument, AdminGroupsDocument, type AdminGroupFieldsFragment } from '../../../gql/admin-groups/graphql';
import { PageLoader } from '../../../app/guards';
import { useAdminMessages } from '../messages';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { ErrorNotice } from '../shared/ErrorNotice';
import { SectionTitle } from '../shared/SectionTitle';
import { GroupDialog } from './GroupDialog';
import { useGroupsMessages } from './messages';
import { useNotify } from '../shared/notify';
import { StateTag } from '../shared/StateTag';

/** Queries that list groups are asked again after a change (an empty list names no type to invalidate). */
const GROUP_LISTS = { additionalTypenames: ['Group'] };

/** Every group (administrators see the hidden ones too): create, edit, delete. */
export function GroupsSection() {
  const t = useGroupsMessages();
  const notify = useNotify();
  const ta = useAdminMessages();
  const [{ data, fetching, error }, reexecute] = useQuery({ query: AdminGroupsDocument, context: GROUP_LISTS });
  const [editing, setEditing] = useState<AdminGroupFieldsFragment | null | 'new'>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [removal, remove] = useMutation(AdminDeleteGroupDocument);

  const onDelete = async () => {
    if (!deleting) return;
    const result = await remove({ name: deleting }, GROUP_LISTS);
    if (!result.error) {
      notify(t('deleted', { name: deleting }));
      setDeleting(null);
    }
  };

  return (
    <Stack gap="md">
      <SectionTitle actions={<Button onClick={() => setEditing('new')}>{t('add')}</Button>}>{t('title')}</SectionTitle>
      <ErrorNotice error={error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />
      {!data && fetching && <PageLoader />}
      {data && data.groups.length === 0 && <Text size="sm">{t('none')}</Text>}
      {data && data.groups.length > 0 && (
        <Table.ScrollContainer minWidth={820}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('name')}</Table.Th>
                <Table.Th ta="right">{t('multiplier')}</Table.Th>
                <Table.Th>{t('formatsColumn')}</Table.Th>
                <Table.Th>{t('billingKind')}</Table.Th>
                <Table.Th>{t('state')}</Table.Th>
                <Table.Th>{ta('actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.groups.map((g) => (
                <Table.Tr key={g.name}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {g.displayName}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {g.name}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    ×{g.priceMultiplier}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{g.formats.map((f) => (f === g.recommendedFormat ? `${f} ★` : f)).join(', ')}</Text>
                  </Table.Td>
                  <Table.Td>{t(g.billingKind)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <StateTag tone={g.status === 'Active' ? 'green' : 'gray'}>
                        {t(g.status)}
                      </StateTag>
                      <StateTag tone="gray">
                        {g.isPublic ? t('public') : t('hidden')}
                      </StateTag>
                      {g.autoRoute && (
                        <StateTag tone="indigo">
                          {t('auto')}
                        </StateTag>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-sm" variant="default" onClick={() => setEditing(g)} aria-label={`${ta('edit')} ${g.name}`}>
                        {ta('edit')}
                      </Button>
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(g.name)} aria-label={`${ta('delete')} ${g.name}`}>
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
      <GroupDialog opened={editing !== null} group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        message={t('deleteQuestion', { name: deleting ?? '' })}
        busy={removal.fetching}
        error={removal.error}
        onConfirm={onDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
