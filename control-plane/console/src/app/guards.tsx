import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { CONSOLE_PATHS } from '../../../../shared/console-paths';
import { useSession } from './session';
import { useShellMessages } from './messages';

/** A centred spinner with a label for screen readers. */
export function PageLoader() {
  const t = useShellMessages();
  return (
    <Center py="xl">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/** Pages behind login: nobody signed in goes to login, and comes back here afterwards (`?next=`). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { viewer } = useSession();
  const location = useLocation();
  if (viewer === undefined) return <PageLoader />;
  if (viewer === null) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${CONSOLE_PATHS.login}?next=${next}`} replace />;
  }
  return <>{children}</>;
}

/** Administrator pages: anybody else sees "not allowed", not a broken page. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { viewer } = useSession();
  const t = useShellMessages();
  if (viewer && viewer.role !== 'ADMIN') {
    return (
      <Stack maw={560} mx="auto" mt="xl">
        <Title order={2}>{t('notAllowedTitle')}</Title>
        <Alert color="red" role="alert" data-testid="not-allowed">
          <Text>{t('notAllowed')}</Text>
        </Alert>
      </Stack>
    );
  }
  return <RequireLogin>{children}</RequireLogin>;
}
