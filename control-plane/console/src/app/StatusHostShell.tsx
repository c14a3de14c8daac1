import { lazy, Suspense, type ReactNode } from 'react';
import { AppShell, Group, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { ServerInfoDocument } from '../gql/server-info/graphql';
import { PageLoader } from './guards';
import { OfflineNotice } from './OfflineNotice';
import { useShellMessages } from './messages';

const StatusPage = lazy(() => import('../pages/status/StatusPage').then((m) => ({ default: m.StatusPage })));

/**
 * Whether the console is open on the status host (`serverInfo.statusHost`, STATUS_HOST), where
 * every path shows the public status page alone. Undefined until the server has said; a server
 * that cannot be asked leaves the ordinary console.
 */
export function useOnStatusHost(): boolean | undefined {
  const [{ data, error }] = useQuery({ query: ServerInfoDocument });
  if (data) return data.serverInfo.statusHost?.toLowerCase() === window.location.hostname.toLowerCase();
  return error ? false : undefined;
}

/** The frame on the status host: the brand and `actions` (the language switch), no navigation and no login, and the status page. */
export function StatusHostShell({ actions }: { actions: ReactNode }) {
  const t = useShellMessages();
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Title order={1} size="h4" c="indigo.8">
            {t('brand')}
          </Title>
          {actions}
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <OfflineNotice />
        <Suspense fallback={<PageLoader />}>
          <StatusPage />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
