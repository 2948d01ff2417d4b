/** The languages the server's pages and error messages are written in (the web client's locales). */
export const SERVER_LOCALES = [
  'en',
  'de',
  'fr',
  'es',
  'pt-BR',
  'it',
  'nl',
  'pl',
  'ja',
  'zh-CN',
  'ko',
  'ar',
  'fa',
] as const;
export type ServerLocale = (typeof SERVER_LOCALES)[number];

export const DEFAULT_LOCALE: ServerLocale = 'en';

const RIGHT_TO_LEFT: ReadonlySet<ServerLocale> = new Set(['ar', 'fa']);

export const directionOf = (locale: ServerLocale): 'ltr' | 'rtl' =>
  RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';

const baseLanguage = (tag: string): string => tag.split('-', 1)[0]!.toLowerCase();

/** The supported locale a language tag names: the same tag, else one of its language ("pt-PT" → "pt-BR"). */
export function matchLocale(tag: string): ServerLocale | null {
  const lower = tag.trim().toLowerCase();
  if (!lower) return null;
  const exact = SERVER_LOCALES.find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  const language = baseLanguage(lower);
  return SERVER_LOCALES.find((locale) => baseLanguage(locale) === language) ?? null;
}

/**
 * The best supported locale of an Accept-Language header (RFC 9110 §12.5.4): ranges by quality, ties in the
 * order sent; `*` and `q=0` name nothing; English when none is supported.
 */
export function negotiateLocale(header: string | undefined): ServerLocale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => /^q=/i.test(param));
      const quality = q ? Number(q.slice(2)) : 1;
      return { range, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter(({ range, quality }) => range && range !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { range } of ranges) {
    const locale = matchLocale(range);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
