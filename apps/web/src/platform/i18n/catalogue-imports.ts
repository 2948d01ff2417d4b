import type { Locale } from '@palchat/api';
import type { CatalogueParts } from './messages';

/**
 * Every locale's catalogue in its two parts (build/catalogue-split.ts), chunks of their own. Only a change of
 * language in the preferences, and a page the server did not make (which names no catalogue), need this
 * table: it is a chunk of its own too, so that the page's first load carries none of it.
 */
export const CATALOGUES: Record<Locale, CatalogueParts> = {
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
