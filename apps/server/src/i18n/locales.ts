import { acceptedLanguages, bestLocale, type Locale } from '@palchat/api';

/** The server's texts are written in the web client's interface languages (packages/api/src/locales.ts). */
export {
  DEFAULT_LOCALE,
  LOCALES as SERVER_LOCALES,
  localeDirection as directionOf,
  matchLocale,
} from '@palchat/api';
export type ServerLocale = Locale;

/** The best supported locale of an Accept-Language header (quality values, ties in order sent); else English. */
export const negotiateLocale = (header: string | undefined): ServerLocale =>
  bestLocale(acceptedLanguages(header));
