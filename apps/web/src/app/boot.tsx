import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '../api/client';
import { App } from './App';
import { preloadLayout } from './AppShell';
import { loadIntlDataSoon } from './i18n/intl-data';
import { loadCatalogue } from './i18n/messages';
import { readInitialState } from './initial-state';

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

export async function boot(): Promise<void> {
  const state = readInitialState();
  configureApi({ csrfToken: state.csrfToken, accessToken: state.accessToken });
  preloadLayout(state.settings.layout);
  const { locale, messages } = await loadCatalogue(document.documentElement.lang || navigator.language);
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  removeSplashOnFirstRender(container);
  loadIntlDataSoon(locale);
  createRoot(container).render(
    <StrictMode>
      <App state={state} locale={locale} messages={messages} />
    </StrictMode>,
  );
}
