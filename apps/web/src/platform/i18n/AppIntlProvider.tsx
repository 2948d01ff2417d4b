import type { Locale } from '@palchat/api';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createIntlCache, RawIntlProvider } from 'react-intl';
import { createAppIntl } from './app-intl';
import { ChangeLocaleContext, type ChangeLocale } from './change-locale';
import { applyDocumentLocale } from './document-locale';
import { loadWholeCatalogue, type Catalogue } from './messages';
import { useCompleteCatalogue } from './use-complete-catalogue';

/**
 * react-intl's provider for the page, in the language boot loaded; useChangeLocale switches it in place. The
 * locale is also react-intl's default one: no message has a default text (a missing one is the catalogue's
 * gap, filled with English at build time), and it spares the check of the browser's data (app-intl.ts).
 */
export function AppIntlProvider(props: { locale: Locale; messages: Catalogue; children: ReactNode }) {
  const [catalogue, setCatalogue] = useState({ locale: props.locale, messages: props.messages });
  const { messages, onError } = useCompleteCatalogue(catalogue.messages);
  const [intlCache] = useState(createIntlCache);
  const { locale } = catalogue;
  const intl = useMemo(
    () => createAppIntl({ locale, messages, defaultLocale: locale, onError }, intlCache),
    [locale, messages, onError, intlCache],
  );
  useEffect(() => applyDocumentLocale(locale), [locale]);
  const wanted = useRef(locale);
  const changeLocale = useCallback<ChangeLocale>(async (next) => {
    wanted.current = next;
    const loaded = await loadWholeCatalogue(next);
    // a quicker second change wins
    if (wanted.current === next) setCatalogue(loaded);
  }, []);
  return (
    <RawIntlProvider value={intl}>
      <ChangeLocaleContext.Provider value={changeLocale}>{props.children}</ChangeLocaleContext.Provider>
    </RawIntlProvider>
  );
}
