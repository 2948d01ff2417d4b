/** The web client's interface languages (issue 34): a catalogue apps/web/src/locales/<tag>.json for each. */
export const LOCALES = [
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
export type Locale = (typeof LOCALES)[number];

// a module of its own, so that the client's entry, which needs only the direction, carries no list of locales
export { localeDirection } from './locale-direction.js';

export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(tag: string): tag is Locale {
  return (LOCALES as readonly string[]).includes(tag);
}

/** The interface locale for one language tag ("de-AT" → de, "pt" → pt-BR, "zh-Hant" → zh-CN), if any. */
export function matchLocale(tag: string): Locale | null {
  const wanted = tag.trim().toLowerCase();
  if (!wanted) return null;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split(/[-_]/)[0];
  return LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language) ?? null;
}

/** The first of the reader's languages (most preferred first) that the interface speaks; else English. */
export function bestLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The languages of an Accept-Language header, most preferred first (RFC 9110 §12.5.4); `*` and q=0 left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => /^q=/i.test(param));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}
