import { Link } from 'react-router';
import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from 'urql';
import { CONSOLE_PATHS } from '../../../../../shared/console-paths';
import { RegisterWelcomeDocument } from '../../gql/register/graphql';
import { TokenKeyRevealDocument } from '../../gql/token-key/graphql';
import { errorMessage } from '../../api/errors';
import { PageLoader } from '../../app/guards';
import { formatRmb } from '../../i18n/format';
import type { Registered } from './useRegisterForm';
import type { RegisterT } from './messages';

/** After registering: the trial credit (the balance) and the initial token's full key, with a copy button. */
export function RegisterDone({ t, done }: { t: RegisterT; done: Registered }) {
  const [welcome] = useQuery({ query: RegisterWelcomeDocument, pause: !done.signedIn, requestPolicy: 'network-only' });
  // Newest first: the initial token is the oldest.
  const token = welcome.data?.myTokens.at(-1);
  const [key] = useQuery({ query: TokenKeyRevealDocument, variables: { id: token?.id ?? '' }, pause: !token, requestPolicy: 'network-only' });
  const failed = welcome.error ?? key.error;

  return (
    <Stack maw={640} mx="auto" mt="xl">
      <Title order={2}>{t('doneTitle', { username: done.username })}</Title>
      {!done.signedIn ? (
        <Alert color="blue" role="status">
          <Text>{t('doneNotSignedIn')}</Text>
          <Button component={Link} to={CONSOLE_PATHS.login} mt="sm">
            {t('login')}
          </Button>
        </Alert>
      ) : (
        <>
          <Alert color="teal" role="status">
            {t('doneIntro')}
          </Alert>
          {failed && (
            <Alert color="red" role="alert">
              {errorMessage(failed, t('offline'))}
            </Alert>
          )}
          {welcome.fetching || key.fetching ? (
            <PageLoader />
          ) : (
            welcome.data && (
              <>
                <Paper withBorder p="md">
                  <Text size="sm" c="dimmed" id="trial-credit-label">
                    {t('trialCredit')}
                  </Text>
                  <Text size="xl" fw={700} aria-labelledby="trial-credit-label" data-testid="trial-credit">
                    {formatRmb(welcome.data.myBalance.balanceRmb)}
                  </Text>
                </Paper>
                {token && key.data && (
                  <Paper withBorder p="md">
                    <Stack gap="xs">
                      <Title order={3} size="h4">
                        {t('initialToken')}
                      </Title>
                      <Text size="sm">{t('tokenName', { name: token.name })}</Text>
                      <Code block aria-label={t('tokenKeyLabel', { name: token.name })} data-testid="initial-token-key" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
                        {key.data.tokenKey}
                      </Code>
                      <CopyButton value={key.data.tokenKey}>
                        {({ copied, copy }) => (
                          <>
                            <Button variant="light" onClick={copy} w="fit-content">
                              {copied ? `✓ ${t('copied')}` : t('copyKey')}
                            </Button>
                            <VisuallyHidden role="status">{copied ? t('copiedNotice') : ''}</VisuallyHidden>
                          </>
                        )}
                      </CopyButton>
                      <Text size="sm" c="dimmed">
                        {t('keyHint')}
                      </Text>
                    </Stack>
                  </Paper>
                )}
              </>
            )
          )}
          <Group>
            <Button component={Link} to={CONSOLE_PATHS.dashboard}>
              {t('toDashboard')}
            </Button>
            <Button component={Link} to={CONSOLE_PATHS.tokens} variant="default">
              {t('toTokens')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
