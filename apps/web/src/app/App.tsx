import { QueryClientProvider } from '@tanstack/react-query';
import type { InitialState } from '@palchat/api';
import { useMemo, useState } from 'react';
import { createIntlCache, RawIntlProvider } from 'react-intl';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { seedQueryCache } from '../api/queries';
import { createQueryClient } from '../api/query-client';
import { CrashBoundary } from '../features/errors/CrashBoundary';
import { createAppIntl } from '../platform/i18n/app-intl';
import type { Catalogue } from '../platform/i18n/messages';
import { useCompleteCatalogue } from '../platform/i18n/use-complete-catalogue';
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
  locale: string;
  messages: Catalogue;
  /** Made ahead of the first render by boot (see there); made on first render when not given. */
  router?: AppRouter;
}

export function App({ state, locale, messages: loaded, router: madeAhead }: AppProps) {
  const [queryClient] = useState(() => seedQueryCache(createQueryClient(), state));
  const [router] = useState(() => madeAhead ?? createAppRouter());
  const { messages, onError } = useCompleteCatalogue(loaded);
  const [intlCache] = useState(createIntlCache);
  const intl = useMemo(
    () => createAppIntl({ locale, messages, defaultLocale: 'en', onError }, intlCache),
    [locale, messages, onError, intlCache],
  );
  return (
    <RawIntlProvider value={intl}>
      <CrashBoundary>
        <InitialStateContext.Provider value={state}>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </QueryClientProvider>
        </InitialStateContext.Provider>
      </CrashBoundary>
    </RawIntlProvider>
  );
}
