import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Provider as UrqlProvider } from 'urql';
import { client } from './api/client';
import { SessionProvider } from './app/session';
import { routes } from './app/routes';

const theme = createTheme({
  primaryColor: 'indigo',
  // Contrast: the default light shades of a few colours fall short of WCAG AA on white.
  primaryShade: 7,
  defaultRadius: 'md',
});

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" />
      <UrqlProvider value={client}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </UrqlProvider>
    </MantineProvider>
  </StrictMode>,
);
