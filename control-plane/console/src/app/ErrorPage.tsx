import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { CONSOLE_PATHS } from '../../../../shared/console-paths';
import { useShellMessages } from './messages';

/** An unknown address inside the console. */
export function NotFoundPage() {
  const t = useShellMessages();
  return (
    <Stack maw={560} mx="auto" mt="xl">
      <Title order={2}>{t('notFoundTitle')}</Title>
      <Text>{t('notFound')}</Text>
      <Button component={Link} to={CONSOLE_PATHS.home} w="fit-content">
        {t('goHome')}
      </Button>
    </Stack>
  );
}

/** What a page that threw while rendering shows instead of a blank screen. */
export function ErrorPage() {
  const t = useShellMessages();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <Stack maw={560} mx="auto" mt="xl">
      <Alert color="red" role="alert">
        {t('pageError')}
      </Alert>
      <Button onClick={() => location.reload()} w="fit-content">
        {t('reload')}
      </Button>
    </Stack>
  );
}
