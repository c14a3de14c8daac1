import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
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

// Contrast: on white, Mantine's dimmed grey (hints, descriptions) is 3.3:1 and its error red (field errors) 3.6:1; darker shades meet WCAG AA.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      <UrqlProvider value={client}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </UrqlProvider>
    </MantineProvider>
  </StrictMode>,
);
