import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '../api/client';
import { App } from './App';
import { loadCatalogue } from './i18n/messages';
import { readInitialState } from './initial-state';

export async function boot(): Promise<void> {
  const state = readInitialState();
  configureApi({ csrfToken: state.csrfToken, accessToken: state.accessToken });
  const { locale, messages } = await loadCatalogue(document.documentElement.lang || navigator.language);
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <App state={state} locale={locale} messages={messages} />
    </StrictMode>,
  );
}
