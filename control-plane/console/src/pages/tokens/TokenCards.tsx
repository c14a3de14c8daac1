import type { ReactNode } from 'react';
import { Card, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { CopyKeyButton, ExpiryText, GroupsCell, ModelsCell, RowActions, SpendCell, StatusBadge, type RowHandlers, type TokenRow } from './TokenParts';
import { useTokensMessages } from './messages';

/** One labelled value of a card. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}

/** The token list on phones: a card per token, the copy button last. */
export function TokenCards({ tokens, handlers }: { tokens: TokenRow[]; handlers: RowHandlers }) {
  const t = useTokensMessages();
  return (
    <Stack gap="sm">
      {tokens.map((token) => (
        <Card key={token.id} withBorder padding="sm" data-testid="token-row" data-token-id={token.id} component="article" aria-label={token.name}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{token.name}</Text>
                <Code>{token.maskedKey}</Code>
              </div>
              <StatusBadge token={token} />
            </Group>
            <SimpleGrid cols={2} spacing="xs">
              <Field label={t('groups')}>
                <GroupsCell groups={token.groups} />
              </Field>
              <Field label={t('spend')}>
                <SpendCell token={token} />
              </Field>
              <Field label={t('expires')}>
                <ExpiryText token={token} />
              </Field>
              <Field label={t('models')}>
                <ModelsCell models={token.modelAllowList} />
              </Field>
            </SimpleGrid>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <RowActions token={token} handlers={handlers} />
              <CopyKeyButton token={token} handlers={handlers} />
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
