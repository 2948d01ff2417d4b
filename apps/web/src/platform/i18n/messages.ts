import type { MessageFormatElement } from 'react-intl';
import type english from '../../locales/en.json';

/** Every message id of the English catalogue: a typo in an id is a type error. */
export type MessageId = keyof typeof english;

/** Message texts, or (in the built client) their ICU syntax trees, parsed at build time. */
export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

/** Loads the part of the catalogue that boot did not wait for; null once nothing is missing. */
let loadRest: (() => Promise<void>) | null = null;
let restLoaded: Promise<void> | null = null;

/**
 * The catalogue the page renders with. In the built client it is the first-screen part
 * (build/catalogue-split.ts): the rest is merged into the same object by `completeCatalogue`, so that the
 * IntlProvider's messages gain it without a re-render. Catalogues load on demand to stay out of the entry chunk.
 */
export async function loadCatalogue(locale: string): Promise<{ locale: string; messages: Catalogue }> {
  switch (locale.split('-')[0]) {
    default: {
      const firstScreen = import('../../locales/en.json').then((module) => ({ ...module.default }));
      // set at once: boot makes the router, whose first route may ask for the rest, while this part loads
      loadRest = async () => {
        const [messages, rest] = await Promise.all([firstScreen, import('../../locales/en.json?rest')]);
        Object.assign(messages, rest.default);
      };
      return { locale: 'en', messages: await firstScreen };
    }
  }
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
