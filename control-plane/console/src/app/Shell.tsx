import { useEffect, useRef, useState } from 'react';
import { NavLink as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import { AppShell, Burger, Button, Group, NavLink, SegmentedControl, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from 'urql';
import { CONSOLE_PATHS } from '../../../../shared/console-paths';
import { LogoutDocument, PingDocument } from '../gql/session/graphql';
import { useConnectivity } from '../api/connectivity';
import { client } from '../api/client';
import { currentLang, setLang, type Lang } from '../i18n/i18n';
import { useSession } from './session';
import { useShellMessages } from './messages';
import { PageLoader } from './guards';
import { OfflineNotice } from './OfflineNotice';
import { StatusHostShell, useOnStatusHost } from './StatusHostShell';

/** How often an offline console checks whether the server answers again. */
const RETRY_MS = 3000;

/** Asks the server again while offline; when it answers, the page is shown afresh (its queries run again). */
function useRecovery(): number {
  const { offline } = useConnectivity();
  const [epoch, setEpoch] = useState(0);
  const wasOffline = useRef(false);
  useEffect(() => {
    if (offline) {
      wasOffline.current = true;
      const timer = setInterval(() => void client.query(PingDocument, {}, { requestPolicy: 'network-only' }).toPromise(), RETRY_MS);
      return () => clearInterval(timer);
    }
    if (wasOffline.current) {
      wasOffline.current = false;
      setEpoch((e) => e + 1);
    }
    return undefined;
  }, [offline]);
  return epoch;
}

function LanguageSwitch() {
  const t = useShellMessages();
  const [lang, setShown] = useState<Lang>(currentLang());
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language')}
      value={lang}
      onChange={(value) => {
        setLang(value as Lang);
        setShown(value as Lang);
      }}
      data={[
        { value: 'en', label: 'EN' },
        { value: 'zh', label: '中文' },
      ]}
    />
  );
}

/** The frame of every page: top bar with the brand, navigation, language and session; a notice while offline. */
export function Shell() {
  const t = useShellMessages();
  const { viewer, refresh } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const navigate = useNavigate();
  const [, logout] = useMutation(LogoutDocument);
  const epoch = useRecovery();
  useEffect(close, [location.pathname, close]);
  const onStatusHost = useOnStatusHost();

  const links = [
    ...(viewer
      ? [
          { to: CONSOLE_PATHS.dashboard, label: t('navDashboard') },
          { to: CONSOLE_PATHS.tokens, label: t('navTokens') },
          { to: CONSOLE_PATHS.playground, label: t('navPlayground') },
          { to: CONSOLE_PATHS.wallet, label: t('navWallet') },
          { to: CONSOLE_PATHS.usage, label: t('navUsage') },
        ]
      : []),
    { to: CONSOLE_PATHS.feeList, label: t('navFeeList') },
    ...(viewer ? [{ to: CONSOLE_PATHS.availability, label: t('navAvailability') }] : []),
    { to: CONSOLE_PATHS.status, label: t('navStatus') },
    ...(viewer?.role === 'ADMIN' ? [{ to: CONSOLE_PATHS.admin, label: t('navAdmin') }] : []),
  ];

  const onLogout = async () => {
    await logout({});
    refresh();
    navigate(CONSOLE_PATHS.login);
  };

  if (onStatusHost === undefined) return <PageLoader />;
  if (onStatusHost) return <StatusHostShell actions={<LanguageSwitch />} />;

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'md', collapsed: { desktop: true, mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t('menu')} />
            <Title order={1} size="h4" c="indigo.8">
              <RouterLink to={viewer ? CONSOLE_PATHS.dashboard : CONSOLE_PATHS.home} style={{ color: 'inherit', textDecoration: 'none' }}>
                {t('brand')}
              </RouterLink>
            </Title>
            <Group gap={4} visibleFrom="md" component="nav" aria-label={t('menu')} wrap="nowrap">
              {links.map((link) => (
                <Button key={link.to} component={RouterLink} to={link.to} variant={location.pathname.startsWith(link.to) ? 'light' : 'subtle'} size="compact-sm">
                  {link.label}
                </Button>
              ))}
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            {viewer ? (
              <Group gap="xs" visibleFrom="sm" wrap="nowrap">
                <Button component={RouterLink} to={CONSOLE_PATHS.account} variant="subtle" size="compact-sm">
                  {viewer.username}
                </Button>
                <Button variant="default" size="compact-sm" onClick={onLogout}>
                  {t('logout')}
                </Button>
              </Group>
            ) : viewer === null ? (
              <Group gap="xs" visibleFrom="sm" wrap="nowrap">
                <Button component={RouterLink} to={CONSOLE_PATHS.login} variant="subtle" size="compact-sm">
                  {t('login')}
                </Button>
                <Button component={RouterLink} to={CONSOLE_PATHS.register} size="compact-sm">
                  {t('register')}
                </Button>
              </Group>
            ) : null}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label={t('menu')}>
        {links.map((link) => (
          <NavLink key={link.to} component={RouterLink} to={link.to} label={link.label} active={location.pathname.startsWith(link.to)} />
        ))}
        {viewer ? (
          <>
            <NavLink component={RouterLink} to={CONSOLE_PATHS.account} label={`${t('navAccount')} (${viewer.username})`} />
            <NavLink component="button" label={t('logout')} onClick={onLogout} />
          </>
        ) : (
          <>
            <NavLink component={RouterLink} to={CONSOLE_PATHS.login} label={t('login')} />
            <NavLink component={RouterLink} to={CONSOLE_PATHS.register} label={t('register')} />
          </>
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        <OfflineNotice />
        <Outlet key={epoch} />
      </AppShell.Main>
    </AppShell>
  );
}
