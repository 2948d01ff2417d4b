import { matchLocale, type Locale } from '@palchat/api';
import type { MessageFormatElement } from 'react-intl';
import type english from '../../locales/en.json';

/** Every message id of the English catalogue: a typo in an id is a type error. */
export type MessageId = keyof typeof english;

/** Message texts, or (in the built client) their ICU syntax trees, parsed at build time. */
export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

type CataloguePart = () => Promise<{ default: Catalogue }>;

/**
 * Each locale's catalogue in its two parts (build/catalogue-split.ts), chunks of their own: a page loads only
 * its locale's. The build fills a locale's gaps with the English texts (build/compile-messages.ts).
 */
const CATALOGUES: Record<Locale, [firstScreen: CataloguePart, rest: CataloguePart]> = {
  en: [() => import('../../locales/en.json'), () => import('../../locales/en.json?rest')],
  de: [() => import('../../locales/de.json'), () => import('../../locales/de.json?rest')],
  fr: [() => import('../../locales/fr.json'), () => import('../../locales/fr.json?rest')],
  es: [() => import('../../locales/es.json'), () => import('../../locales/es.json?rest')],
  'pt-BR': [() => import('../../locales/pt-BR.json'), () => import('../../locales/pt-BR.json?rest')],
  it: [() => import('../../locales/it.json'), () => import('../../locales/it.json?rest')],
  nl: [() => import('../../locales/nl.json'), () => import('../../locales/nl.json?rest')],
  pl: [() => import('../../locales/pl.json'), () => import('../../locales/pl.json?rest')],
  ja: [() => import('../../locales/ja.json'), () => import('../../locales/ja.json?rest')],
  'zh-CN': [() => import('../../locales/zh-CN.json'), () => import('../../locales/zh-CN.json?rest')],
  ko: [() => import('../../locales/ko.json'), () => import('../../locales/ko.json?rest')],
  ar: [() => import('../../locales/ar.json'), () => import('../../locales/ar.json?rest')],
  fa: [() => import('../../locales/fa.json'), () => import('../../locales/fa.json?rest')],
};

/** The key of localStorage that, in the e2e build only, renders every locale in the pseudo-locale. */
export const PSEUDO_LOCALE_KEY = 'palchat.e2e.pseudo-locale';

/**
 * The catalogue parts for `locale`: in the e2e build (VITE_E2E), English in the pseudo-locale when the page
 * asks for it (build/pseudo-locale.ts). Other builds drop the branch, and with it the pseudo catalogue.
 */
function catalogueParts(locale: Locale): [CataloguePart, CataloguePart] {
  if (import.meta.env.VITE_E2E === '1' && localStorage.getItem(PSEUDO_LOCALE_KEY) === '1')
    return [() => import('../../locales/en.json?pseudo'), () => import('../../locales/en.json?pseudo-rest')];
  return CATALOGUES[locale];
}

/** Loads the part of the catalogue that boot did not wait for; null once nothing is missing. */
let loadRest: (() => Promise<void>) | null = null;
let restLoaded: Promise<void> | null = null;

/**
 * The catalogue the page renders with, for the interface locale closest to `tag` (English when none is). In the
 * built client it is the first-screen part: the rest is merged into the same object by `completeCatalogue`, so
 * that the IntlProvider's messages gain it without a re-render. Catalogues load on demand to stay out of the
 * entry chunk.
 */
export async function loadCatalogue(tag: string): Promise<{ locale: Locale; messages: Catalogue }> {
  const locale = matchLocale(tag) ?? 'en';
  const [firstScreenPart, restPart] = catalogueParts(locale);
  const firstScreen = firstScreenPart().then((module) => ({ ...module.default }));
  // set at once: boot makes the router, whose first route may ask for the rest, while this part loads
  restLoaded = null;
  loadRest = async () => {
    const [messages, rest] = await Promise.all([firstScreen, restPart()]);
    Object.assign(messages, rest.default);
  };
  return { locale, messages: await firstScreen };
}

/** A locale's whole catalogue, both parts: what a change of language in the preferences renders with. */
export async function loadWholeCatalogue(locale: Locale): Promise<{ locale: Locale; messages: Catalogue }> {
  const loaded = await loadCatalogue(locale);
  await completeCatalogue();
  return loaded;
}

/**
 * Resolves once the catalogue the page renders with is complete, loading its rest the first time it is called.
 * Lazily loaded modules wait for it (lazy-with-messages.ts); the shell calls it once the browser is idle.
 */
export function completeCatalogue(): Promise<void> {
  if (!loadRest) return Promise.resolve();
  restLoaded ??= loadRest().catch((error: unknown) => {
    // a failed download is tried again by the next module that needs it
    restLoaded = null;
    throw error;
  });
  return restLoaded;
}
