import type { Catalogue, CatalogueParts } from './messages';

/** The built files of the page's catalogue, which the server names (apps/server/src/web/preloads.ts). */
export interface CatalogueFiles {
  firstScreen: string;
  rest: string;
}

const ELEMENT_ID = 'catalogue';
const BUILT_SCRIPT = /^\/assets\/[\w.-]+\.js$/;

/**
 * The catalogue files the server named in the page for its locale (`<script id="catalogue">`): the page
 * imports them by URL, so that its first load carries no table of every locale's files. Null on a page the
 * server did not make (the dev server, a bare preview) or one naming anything but two built scripts.
 */
export function pageCatalogueFiles(doc: Document = document): CatalogueFiles | null {
  const text = doc.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const files = JSON.parse(text) as Partial<CatalogueFiles>;
    const { firstScreen, rest } = files;
    if (typeof firstScreen !== 'string' || typeof rest !== 'string') return null;
    return BUILT_SCRIPT.test(firstScreen) && BUILT_SCRIPT.test(rest) ? { firstScreen, rest } : null;
  } catch {
    return null;
  }
}

/** The page's catalogue parts, imported by the URLs the server named; null when it named none. */
export function pageCatalogueParts(doc: Document = document): CatalogueParts | null {
  const files = pageCatalogueFiles(doc);
  if (!files) return null;
  const importFile = (url: string) => () => import(/* @vite-ignore */ url) as Promise<{ default: Catalogue }>;
  return [importFile(files.firstScreen), importFile(files.rest)];
}
