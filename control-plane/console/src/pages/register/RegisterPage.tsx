import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { CONSOLE_PATHS } from '../../../../../shared/console-paths';
import { useSession } from '../../app/session';
import { RegisterDone } from './RegisterDone';
import { RegisterForm } from './RegisterForm';
import { useRegisterMessages } from './messages';
import type { Registered } from './useRegisterForm';

/**
 * Registration (public): the form with its two captchas; once registered, the new account is
 * signed in and sees its trial credit and first token.
 */
export function RegisterPage() {
  const t = useRegisterMessages();
  const { viewer, refresh } = useSession();
  const [done, setDone] = useState<Registered>();

  if (done) return <RegisterDone t={t} done={done} />;
  if (viewer) {
    return (
      <Stack maw={560} mx="auto" mt="xl">
        <Title order={2}>{t('title')}</Title>
        <Alert color="blue" role="status">
          <Text>{t('signedInAs', { username: viewer.username })}</Text>
          <Button component={Link} to={CONSOLE_PATHS.dashboard} mt="sm">
            {t('toDashboard')}
          </Button>
        </Alert>
      </Stack>
    );
  }
  const onRegistered = (registered: Registered) => {
    setDone(registered);
    if (registered.signedIn) refresh();
  };
  return (
    <Stack maw={560} mx="auto" mt={{ base: 'sm', sm: 'xl' }}>
      <Title order={2}>{t('title')}</Title>
      <Text c="dimmed">{t('intro')}</Text>
      <RegisterForm t={t} onRegistered={onRegistered} />
    </Stack>
  );
}
