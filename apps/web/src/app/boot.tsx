import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '../api/client';
import { App, createAppRouter } from './App';
import { preloadLayout } from './AppShell';
import { loadCatalogue } from '../platform/i18n/messages';
import { pageCatalogueParts } from '../platform/i18n/page-catalogue';
import { readInitialState } from '../platform/initial-state';

/**
 * index.html shows a splash (the logo) from its first paint until the app has put something in #root; it is
 * removed in the same task as that first commit, so the two are never painted together.
 */
export function removeSplashOnFirstRender(container: HTMLElement): void {
  const splash = document.getElementById('splash');
  if (!splash) return;
  const observer = new MutationObserver(() => {
    if (!container.firstChild) return;
    observer.disconnect();
    splash.remove();
  });
  observer.observe(container, { childList: true });
}

/** Resolves in a later task, so that the browser may paint and take input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export async function boot(): Promise<void> {
  const state = readInitialState();
  configureApi({ csrfToken: state.csrfToken, accessToken: state.accessToken });
  preloadLayout(state.settings.layout);
  // the interface language, as the server chose it (the account's, or from the browser's Accept-Language)
  const catalogue = loadCatalogue(state.settings.locale, pageCatalogueParts());
  // The router's set-up (routes ranked, the URL matched, the first route's chunk asked for) is a third of the
  // first render's work: made here, in a task between the scripts' evaluation and the first render, it runs
  // while the catalogue is on its way (issue #17: no task over 50 ms under Lighthouse's 4x slowdown).
  await nextTask();
  const router = createAppRouter();
  const { locale, messages } = await catalogue;
  await nextTask();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  removeSplashOnFirstRender(container);
  createRoot(container).render(
    <StrictMode>
      <App state={state} locale={locale} messages={messages} router={router} />
    </StrictMode>,
  );
}
