import { Group, Table, Text } from '@mantine/core';
import type { AdminAccountQuery } from '../../../gql/admin-accounts/graphql';
import { formatDate, formatRmb } from '../../../i18n/format';
import { useAccountsMessages } from './messages';
import { StateTag } from '../shared/StateTag';

/** An account's API tokens as the API lists them (keys masked). */
export function TokensTable({ tokens }: { tokens: AdminAccountQuery['accountTokens'] }) {
  const t = useAccountsMessages();
  if (tokens.length === 0) return <Text size="sm">{t('noTokens')}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tokenName')}</Table.Th>
            <Table.Th>{t('key')}</Table.Th>
            <Table.Th>{t('groups')}</Table.Th>
            <Table.Th>{t('state')}</Table.Th>
            <Table.Th>{t('expires')}</Table.Th>
            <Table.Th ta="right">{t('spendCap')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Td>{token.name}</Table.Td>
              <Table.Td ff="monospace">{token.maskedKey}</Table.Td>
              <Table.Td>{token.groups.length ? token.groups.join(' → ') : t('autoRouting')}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <StateTag tone={token.status === 'ACTIVE' ? 'green' : 'gray'}>
                    {t(token.status)}
                  </StateTag>
                  {token.expired && (
                    <StateTag tone="orange">
                      {t('expired')}
                    </StateTag>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{token.expiresAt ? formatDate(token.expiresAt) : t('never')}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {token.spendCap ? formatRmb(token.spendCap) : t('noCap')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
