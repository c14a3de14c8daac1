import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from 'urql';
import { AdminAccountsDocument } from '../../../gql/admin-accounts/graphql';
import { fieldErrors } from '../../../api/errors';
import { CursorPager, useCursorPages } from '../../../components/CursorPager';
import { formatCount, formatDate, formatRmb } from '../../../i18n/format';
import { PageLoader } from '../../../app/guards';
import { ErrorNotice } from '../shared/ErrorNotice';
import { SectionTitle } from '../shared/SectionTitle';
import { AccountStateBadge } from './AccountStateBadge';
import { accountPath } from './paths';
import { useAccountsMessages } from './messages';
import { StateTag } from '../shared/StateTag';

const PAGE_SIZE = 25;

/** Accounts by username, searched by part of the username or e-mail address (kept in the address as `?q=`). */
export function AccountsSection() {
  const t = useAccountsMessages();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [draft, setDraft] = useState(search);
  const pages = useCursorPages(search);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: AdminAccountsDocument, variables: { search: search || null, first: PAGE_SIZE, after: pages.after } });
  const list = data?.accounts;
  const fields = fieldErrors(error);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {}, { replace: true });
  };

  return (
    <Stack gap="md">
      <SectionTitle>{t('title')}</SectionTitle>
      <form onSubmit={onSearch} role="search">
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('searchLabel')}
            placeholder={t('searchPlaceholder')}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            error={fields.search}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit">{t('search')}</Button>
        </Group>
      </form>
      {!fields.search && <ErrorNotice error={error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />}
      {!list && fetching && <PageLoader />}
      {list && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {list.totalCount === 0 ? t('noneFound') : t('found', { count: formatCount(list.totalCount) })}
          </Text>
          {list.items.length > 0 && (
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('username')}</Table.Th>
                    <Table.Th>{t('email')}</Table.Th>
                    <Table.Th>{t('role')}</Table.Th>
                    <Table.Th ta="right">{t('balance')}</Table.Th>
                    <Table.Th>{t('state')}</Table.Th>
                    <Table.Th>{t('created')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.items.map((account) => (
                    <Table.Tr key={account.id}>
                      <Table.Td>
                        <Anchor component={Link} to={accountPath(account.id)} size="sm">
                          {account.username}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{account.email}</Table.Td>
                      <Table.Td>{account.role === 'ADMIN' ? <StateTag tone="indigo">{t('ADMIN')}</StateTag> : t('USER')}</Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        {formatRmb(account.balanceRmb)}
                      </Table.Td>
                      <Table.Td>
                        <AccountStateBadge disabled={account.disabled} />
                      </Table.Td>
                      <Table.Td>{formatDate(account.createdAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <CursorPager pages={pages} endCursor={list.pageInfo.endCursor} hasNextPage={list.pageInfo.hasNextPage} disabled={fetching} />
        </>
      )}
    </Stack>
  );
}
