import type { Locale } from '@palchat/api';
import { scriptSafeJson } from './page.js';
import { ASSET, type RoutePreloads } from './preloads.js';

/**
 * The built files of the page's catalogue, in its locale, for the client to import (apps/web/src/platform/
 * i18n/page-catalogue.ts): the client's entry then carries no table of every locale's files. Nothing without a
 * build table, or when the table names anything but two built scripts: the client falls back on its own table.
 */
export function catalogueScript(preloads: RoutePreloads | null, locale: Locale): string {
  const files = preloads?.catalogues?.[locale];
  if (!files || !isScript(files.firstScreen) || !isScript(files.rest)) return '';
  const named = { firstScreen: files.firstScreen, rest: files.rest };
  return `<script id="catalogue" type="application/json">${scriptSafeJson(named)}</script>`;
}

const isScript = (file: unknown): file is string =>
  typeof file === 'string' && ASSET.test(file) && file.endsWith('.js');
