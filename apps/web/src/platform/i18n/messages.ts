import type { Locale } from '@palchat/api';
import type { MessageFormatElement } from 'react-intl';
import type english from '../../locales/en.json';

/** Every message id of the English catalogue: a typo in an id is a type error. */
export type MessageId = keyof typeof english;

/** Message texts, or (in the built client) their ICU syntax trees, parsed at build time. */
export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

type CataloguePart = () => Promise<{ default: Catalogue }>;

/** A catalogue's two parts (build/catalogue-split.ts), each a chunk of its own, loaded on demand. */
export type CatalogueParts = [firstScreen: CataloguePart, rest: CataloguePart];

/** The locale's parts from the table of every locale's, itself a chunk loaded on demand. */
async function partsOf(locale: Locale): Promise<CatalogueParts> {
  const { CATALOGUES } = await import('./catalogue-imports');
  // a page's locale is one of the table's (the server's schema); English should a stray one come
  return CATALOGUES[locale] ?? CATALOGUES.en;
}

/** The key of localStorage that, in the e2e build only, renders every locale in the pseudo-locale. */
export const PSEUDO_LOCALE_KEY = 'palchat.e2e.pseudo-locale';

/**
 * In the e2e build (VITE_E2E), English in the pseudo-locale when the page asks for it (build/pseudo-locale.ts),
 * whatever the locale. Other builds drop the branch, and with it the pseudo catalogue.
 */
function pseudoLocaleParts(): CatalogueParts | null {
  if (import.meta.env.VITE_E2E === '1' && localStorage.getItem(PSEUDO_LOCALE_KEY) === '1')
    return [() => import('../../locales/en.json?pseudo'), () => import('../../locales/en.json?pseudo-rest')];
  return null;
}

/** Loads the part of the catalogue that boot did not wait for; null once nothing is missing. */
let loadRest: (() => Promise<void>) | null = null;
let restLoaded: Promise<void> | null = null;

/**
 * The catalogue the page renders with, in `locale`: its `parts` when given (the files the page names, so that
 * the first load needs no table of every locale's files), else the locale's from the table. In the built
 * client it is the first-screen part: the rest is merged into the same object by `completeCatalogue`, so that
 * the IntlProvider's messages gain it without a re-render.
 */
export async function loadCatalogue(
  locale: Locale,
  parts?: CatalogueParts | null,
): Promise<{ locale: Locale; messages: Catalogue }> {
  const loading = Promise.resolve(pseudoLocaleParts() ?? parts ?? partsOf(locale));
  const firstScreen = loading.then(([part]) => part()).then((module) => ({ ...module.default }));
  // set at once: boot makes the router, whose first route may ask for the rest, while this part loads
  restLoaded = null;
  loadRest = async () => {
    const [messages, rest] = await Promise.all([firstScreen, loading.then(([, part]) => part())]);
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
