import type { ReactElement } from 'react';
import { Navigate, NavLink as RouterLink, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Alert, Box, Group, NativeSelect, NavLink, Stack, Title } from '@mantine/core';
import { CONSOLE_PATHS } from '../../../../../shared/console-paths';
import { AccountDetail } from './accounts/AccountDetail';
import { AccountsSection } from './accounts/AccountsSection';
import { ChannelsSection } from './channels/ChannelsSection';
import { DataPlanesSection } from './data-planes/DataPlanesSection';
import { ExchangeRateSection } from './exchange-rate/ExchangeRateSection';
import { GroupsSection } from './groups/GroupsSection';
import { IncidentsSection } from './incidents/IncidentsSection';
import { ModelsSection } from './models/ModelsSection';
import { ReconciliationSection } from './reconciliation/ReconciliationSection';
import { RedemptionSection } from './redemption/RedemptionSection';
import { TopUpOrdersSection } from './top-ups/TopUpOrdersSection';
import { useAdminMessages } from './messages';

type Label = Parameters<ReturnType<typeof useAdminMessages>>[0];

/** The sections, in the order the navigation lists them; `path` is below `/admin/`. */
const SECTIONS: { path: string; label: Label; element: ReactElement }[] = [
  { path: 'accounts', label: 'accounts', element: <AccountsSection /> },
  { path: 'groups', label: 'groups', element: <GroupsSection /> },
  { path: 'channels', label: 'channels', element: <ChannelsSection /> },
  { path: 'models', label: 'models', element: <ModelsSection /> },
  { path: 'exchange-rate', label: 'exchangeRate', element: <ExchangeRateSection /> },
  { path: 'redemption-codes', label: 'redemption', element: <RedemptionSection /> },
  { path: 'top-ups', label: 'topUps', element: <TopUpOrdersSection /> },
  { path: 'incidents', label: 'incidents', element: <IncidentsSection /> },
  { path: 'data-planes', label: 'dataPlanes', element: <DataPlanesSection /> },
  { path: 'reconciliation', label: 'reconciliation', element: <ReconciliationSection /> },
];

const sectionUrl = (path: string) => `${CONSOLE_PATHS.admin}/${path}`;

/**
 * The administration area (`/admin/*`): a side navigation (a section picker on phones) and one
 * nested route per section. The whole area is one lazily loaded chunk, for administrators only.
 */
export function AdminPage() {
  const t = useAdminMessages();
  const location = useLocation();
  const navigate = useNavigate();
  const current = SECTIONS.find((s) => location.pathname === sectionUrl(s.path) || location.pathname.startsWith(`${sectionUrl(s.path)}/`))?.path ?? '';

  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <NativeSelect
        hiddenFrom="sm"
        label={t('section')}
        value={current}
        onChange={(e) => navigate(sectionUrl(e.currentTarget.value))}
        data={SECTIONS.map((s) => ({ value: s.path, label: t(s.label) }))}
      />
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <Box component="nav" aria-label={t('sections')} visibleFrom="sm" w={200} style={{ flexShrink: 0 }}>
          {SECTIONS.map((s) => (
            <NavLink key={s.path} component={RouterLink} to={sectionUrl(s.path)} label={t(s.label)} active={current === s.path} />
          ))}
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Routes>
            <Route index element={<Navigate to={sectionUrl('accounts')} replace />} />
            {SECTIONS.map((s) => (
              <Route key={s.path} path={s.path} element={s.element} />
            ))}
            <Route path="accounts/:accountId" element={<AccountDetail />} />
            <Route path="*" element={<Alert color="orange">{t('notFound')}</Alert>} />
          </Routes>
        </Box>
      </Group>
    </Stack>
  );
}
