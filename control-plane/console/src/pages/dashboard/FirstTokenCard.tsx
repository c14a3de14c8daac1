import { Link } from 'react-router';
import { Anchor, Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CONSOLE_PATHS } from '../../../../../shared/console-paths';
import { TokenKeyCopyButton } from '../../components/TokenKeyCopyButton';
import type { DashboardOverviewQuery } from '../../gql/dashboard/graphql';
import type { DashboardT } from './messages';

type Token = DashboardOverviewQuery['myTokens'][number];

/** The account's first token (the initial one, unless deleted): name, masked key, copy button. */
export function FirstTokenCard({ t, tokens }: { t: DashboardT; tokens: readonly Token[] }) {
  // Newest first: the first token is the last.
  const token = tokens.at(-1);
  return (
    <Paper withBorder p="md" h="100%">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('firstToken')}
        </Title>
        {token ? (
          <>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('tokenName')}
              </Text>
              <Text fw={600}>{token.name}</Text>
              {token.status === 'DISABLED' && <Badge color="gray">{t('disabled')}</Badge>}
              {token.expired && <Badge color="red">{t('expired')}</Badge>}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('tokenKey')}
              </Text>
              <Code style={{ overflowWrap: 'anywhere' }}>{token.maskedKey}</Code>
            </Group>
            <TokenKeyCopyButton tokenId={token.id} tokenName={token.name} />
          </>
        ) : (
          <Text size="sm">{t('noTokens')}</Text>
        )}
        <Anchor component={Link} to={CONSOLE_PATHS.tokens} size="sm">
          {t('tokens')} →
        </Anchor>
      </Stack>
    </Paper>
  );
}
