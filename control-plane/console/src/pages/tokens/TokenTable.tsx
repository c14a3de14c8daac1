import { Code, Table, Text } from '@mantine/core';
import { CopyKeyButton, ExpiryText, GroupsCell, ModelsCell, RowActions, SpendCell, StatusBadge, type RowHandlers, type TokenRow } from './TokenParts';
import { useTokensMessages } from './messages';

/** The token list on wide screens: one row per token, the copy button last. */
export function TokenTable({ tokens, handlers }: { tokens: TokenRow[]; handlers: RowHandlers }) {
  const t = useTokensMessages();
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('name')}</Table.Th>
            <Table.Th>{t('groups')}</Table.Th>
            <Table.Th>{t('status')}</Table.Th>
            <Table.Th>{t('expires')}</Table.Th>
            <Table.Th>{t('spend')}</Table.Th>
            <Table.Th>{t('models')}</Table.Th>
            <Table.Th>{t('actions')}</Table.Th>
            <Table.Th>{t('key')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id} data-testid="token-row" data-token-id={token.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {token.name}
                </Text>
                <Code>{token.maskedKey}</Code>
              </Table.Td>
              <Table.Td>
                <GroupsCell groups={token.groups} />
              </Table.Td>
              <Table.Td>
                <StatusBadge token={token} />
              </Table.Td>
              <Table.Td>
                <ExpiryText token={token} />
              </Table.Td>
              <Table.Td>
                <SpendCell token={token} />
              </Table.Td>
              <Table.Td maw={220}>
                <ModelsCell models={token.modelAllowList} />
              </Table.Td>
              <Table.Td>
                <RowActions token={token} handlers={handlers} />
              </Table.Td>
              <Table.Td>
                <CopyKeyButton token={token} handlers={handlers} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
