import { QueryClientProvider } from '@tanstack/react-query';
import type { InitialState, Locale } from '@palchat/api';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { seedQueryCache } from '../api/queries';
import { createQueryClient } from '../api/query-client';
import { CrashBoundary } from '../features/errors/CrashBoundary';
import { AppIntlProvider } from '../platform/i18n/AppIntlProvider';
import type { Catalogue } from '../platform/i18n/messages';
import { InitialStateContext } from '../platform/initial-state-context';
import { APP_ROUTE_ID, buildRoutes, deckRoutes } from './routes';
import { isDeckPath } from '../platform/rules/path-redirect';
import { ToastProvider } from '../platform/toasts';

/**
 * The app's router: it reads the page's URL and starts loading the first route's code when made. The /deck copies
 * of the views join the routes the first time a /deck path is visited: ranking every route twice was a third of
 * the router's set-up, a task of its own at start-up (issue #17).
 */
export function createAppRouter(): AppRouter {
  let deckAdded = false;
  return createBrowserRouter(buildRoutes(), {
    patchRoutesOnNavigation: ({ path, patch }) => {
      if (deckAdded || !isDeckPath(path)) return;
      deckAdded = true;
      patch(APP_ROUTE_ID, deckRoutes());
    },
  });
}

type AppRouter = ReturnType<typeof createBrowserRouter>;

interface AppProps {
  state: InitialState;
  locale: Locale;
  messages: Catalogue;
  /** Made ahead of the first render by boot (see there); made on first render when not given. */
  router?: AppRouter;
}

export function App({ state, locale, messages, router: madeAhead }: AppProps) {
  const [queryClient] = useState(() => seedQueryCache(createQueryClient(), state));
  const [router] = useState(() => madeAhead ?? createAppRouter());
  return (
    <AppIntlProvider locale={locale} messages={messages}>
      <CrashBoundary>
        <InitialStateContext.Provider value={state}>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </QueryClientProvider>
        </InitialStateContext.Provider>
      </CrashBoundary>
    </AppIntlProvider>
  );
}
