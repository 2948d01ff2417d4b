import { localeDirection, type Locale } from '@palchat/api';

/**
 * The page's language and writing direction on <html>, which the server set for the first paint: fonts,
 * screen readers and the right-to-left layout follow them.
 */
export function applyDocumentLocale(locale: Locale, root: HTMLElement = document.documentElement): void {
  root.lang = locale;
  root.dir = localeDirection(locale);
}
