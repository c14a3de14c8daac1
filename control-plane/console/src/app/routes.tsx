import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { CONSOLE_PATHS } from '../../../../shared/console-paths';
import { Shell } from './Shell';
import { ErrorPage, NotFoundPage } from './ErrorPage';
import { PageLoader, RequireAdmin, RequireLogin } from './guards';
import { useSession } from './session';

/** A page loaded on first visit (each page is its own chunk, so a visit loads only what it shows). */
function page(load: () => Promise<ComponentType>, guard?: 'login' | 'admin'): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Page = await load();
      if (guard === 'login') return { Component: () => <RequireLogin><Page /></RequireLogin> };
      if (guard === 'admin') return { Component: () => <RequireAdmin><Page /></RequireAdmin> };
      return { Component: Page };
    },
  };
}

/** `/`: the dashboard when signed in, else the login page. */
function Home() {
  const { viewer } = useSession();
  if (viewer === undefined) return <PageLoader />;
  return <Navigate to={viewer ? CONSOLE_PATHS.dashboard : CONSOLE_PATHS.login} replace />;
}

/** Every page of the console, under the shell. */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <ErrorPage />,
    // Shown while the first page's chunk loads.
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: CONSOLE_PATHS.home, element: <Home /> },
      { path: CONSOLE_PATHS.login, ...page(() => import('../pages/login/LoginPage').then((m) => m.LoginPage)) },
      { path: CONSOLE_PATHS.register, ...page(() => import('../pages/register/RegisterPage').then((m) => m.RegisterPage)) },
      { path: CONSOLE_PATHS.account, ...page(() => import('../pages/account/AccountPage').then((m) => m.AccountPage), 'login') },
      { path: CONSOLE_PATHS.dashboard, ...page(() => import('../pages/dashboard/DashboardPage').then((m) => m.DashboardPage), 'login') },
      { path: CONSOLE_PATHS.tokens, ...page(() => import('../pages/tokens/TokensPage').then((m) => m.TokensPage), 'login') },
      { path: CONSOLE_PATHS.playground, ...page(() => import('../pages/playground/PlaygroundPage').then((m) => m.PlaygroundPage), 'login') },
      { path: CONSOLE_PATHS.wallet, ...page(() => import('../pages/wallet/WalletPage').then((m) => m.WalletPage), 'login') },
      { path: CONSOLE_PATHS.usage, ...page(() => import('../pages/usage/UsagePage').then((m) => m.UsagePage), 'login') },
      { path: CONSOLE_PATHS.feeList, ...page(() => import('../pages/fee-list/FeeListPage').then((m) => m.FeeListPage)) },
      { path: CONSOLE_PATHS.availability, ...page(() => import('../pages/availability/AvailabilityPage').then((m) => m.AvailabilityPage), 'login') },
      { path: CONSOLE_PATHS.status, ...page(() => import('../pages/status/StatusPage').then((m) => m.StatusPage)) },
      { path: `${CONSOLE_PATHS.admin}/*`, ...page(() => import('../pages/admin/AdminPage').then((m) => m.AdminPage), 'admin') },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
