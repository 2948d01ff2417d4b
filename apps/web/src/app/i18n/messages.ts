import type { MessageFormatElement } from 'react-intl';
import type english from '../../locales/en.json';

/** Every message id of the English catalogue: a typo in an id is a type error. */
export type MessageId = keyof typeof english;

/** Message texts, or (in the built client) their ICU syntax trees, parsed at build time. */
export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

/** Catalogues load on demand so that they stay out of the entry chunk. */
export async function loadCatalogue(locale: string): Promise<{ locale: string; messages: Catalogue }> {
  switch (locale.split('-')[0]) {
    default: {
      const module = await import('../../locales/en.json');
      return { locale: 'en', messages: module.default as Catalogue };
    }
  }
}
