import { IntlMessageFormat } from 'intl-messageformat';
import { createIntl, createIntlCache, ReactIntlErrorCode, type IntlConfig, type IntlShape } from 'react-intl';

/*
 * The first `Intl.NumberFormat.supportedLocalesOf` of a page loads ICU's number data: tens of milliseconds, up
 * to half of the boot render (issue #17). react-intl asks it of every locale it is given (createIntl, twice),
 * and intl-messageformat of every message with an argument it formats (IntlMessageFormat.resolveLocale), to
 * check that the browser has data for a locale. The catalogue's locale (messages.ts) always has: ours is English
 * and the locale the catalogue was chosen for. These skip the check for that locale, with the same result; the
 * number data loads with the first number formatted instead.
 */

/** Locales the page renders with: a catalogue was loaded for them, so the browser's data is not in doubt. */
const knownLocales = new Set<string>();
const checkedResolveLocale = IntlMessageFormat.resolveLocale;

IntlMessageFormat.resolveLocale = (locales) => {
  const locale = typeof locales === 'string' ? locales : locales.length === 1 ? locales[0] : undefined;
  // what the check answers for a supported locale: that locale
  if (locale !== undefined && knownLocales.has(locale)) return new Intl.Locale(locale);
  return checkedResolveLocale(locales);
};

/**
 * react-intl's intl object for `config`, as IntlProvider makes it. createIntl checks a configured locale's
 * data; given none, it takes the default locale without a check (and reports the missing one, which is
 * dropped here). When the two are the same locale, the object is the same.
 */
export function createAppIntl(config: IntlConfig, cache = createIntlCache()): IntlShape {
  knownLocales.add(config.locale);
  if (config.locale !== config.defaultLocale) return createIntl(config, cache);
  const reportError = config.onError;
  let localeGiven = false;
  const intl = createIntl(
    {
      ...config,
      locale: '',
      onError: (error) => {
        if (!localeGiven && error.code === ReactIntlErrorCode.INVALID_CONFIG) return;
        reportError?.(error);
      },
    },
    cache,
  );
  localeGiven = true;
  return intl;
}
