import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { addWithImports, builtChunks, chunksHolding, type BuiltChunk } from './bundle-graph';

/** In a module's path: each locale of the catalogue, whose files are hinted to the pages in that locale only. */
const LOCALE = '{locale}';
/** The part of a locale's catalogue that the first screen renders with (boot.tsx waits for it). */
const CATALOGUE_FIRST_SCREEN = `src/locales/${LOCALE}.json`;
/** The part of the catalogue that every view but the timelines /home shares waits for (build/catalogue-split.ts). */
const CATALOGUE_REST = `src/locales/${LOCALE}.json.rest`;

/**
 * The lazily loaded modules that the first screen of a page needs, by path pattern (`:name` matches one
 * segment, `@` one segment that starts with "@"; every pattern also matches under /deck). Without a hint the
 * browser finds them one after the other (entry → catalogue → route chunk → data → status card); with one,
 * it fetches them all while it parses the page.
 */
export const FIRST_SCREEN: { paths: string[]; modules: string[] }[] = [
  {
    // every page: the first-screen part of its locale's catalogue (boot.tsx waits for it)
    paths: ['*'],
    modules: [CATALOGUE_FIRST_SCREEN],
  },
  {
    paths: [
      '/home',
      '/timelines/home',
      '/public',
      '/public/local',
      '/public/remote',
      '/favourites',
      '/bookmarks',
      '/pinned',
    ],
    modules: [
      'src/features/timelines/first-screen-views.ts',
      'src/components/StatusCard.tsx',
      'src/components/PagedList.tsx',
    ],
  },
  {
    paths: ['/conversations', '/timelines/direct'],
    modules: [
      'src/features/timelines/ConversationsView.tsx',
      'src/components/StatusCard.tsx',
      'src/components/PagedList.tsx',
      CATALOGUE_REST,
    ],
  },
  {
    paths: ['/tags/:id', '/timelines/tag/:id'],
    modules: [
      'src/features/timelines/HashtagView.tsx',
      'src/components/StatusCard.tsx',
      'src/components/PagedList.tsx',
      CATALOGUE_REST,
    ],
  },
  {
    paths: ['/links/:url'],
    modules: [
      'src/features/timelines/LinkView.tsx',
      'src/components/StatusCard.tsx',
      'src/components/PagedList.tsx',
      CATALOGUE_REST,
    ],
  },
  {
    paths: ['/@', '/@/with_replies', '/@/media', '/@/featured', '/accounts/:id'],
    modules: [
      'src/features/account/route-views.ts',
      'src/components/StatusCard.tsx',
      'src/components/PagedList.tsx',
      CATALOGUE_REST,
    ],
  },
  {
    paths: ['/@/:statusId', '/statuses/:statusId'],
    modules: ['src/features/status/route-views.ts', 'src/components/StatusCard.tsx', CATALOGUE_REST],
  },
  {
    paths: ['/notifications'],
    modules: ['src/features/notifications/route-views.ts', 'src/components/PagedList.tsx', CATALOGUE_REST],
  },
];

/**
 * The API request a page's first screen makes, exactly as the client makes it (same URL, cookie credentials),
 * so that the browser starts it while it parses the page and the client's fetch takes the preloaded answer.
 * `when`: only for a signed-in viewer, or only where visitors may see the public timelines.
 */
export const FIRST_REQUEST: { path: string; url: string; when: 'signed-in' | 'public-timelines' }[] = [
  { path: '/home', url: '/api/v1/timelines/home', when: 'signed-in' },
  { path: '/timelines/home', url: '/api/v1/timelines/home', when: 'signed-in' },
  { path: '/public/local', url: '/api/v1/timelines/public?local=true', when: 'public-timelines' },
  { path: '/public/remote', url: '/api/v1/timelines/public?remote=true', when: 'public-timelines' },
  { path: '/public', url: '/api/v1/timelines/public', when: 'public-timelines' },
];

export const PRELOADS_FILE = 'route-preloads.json';

/** The built files of a locale's catalogue, its two parts. */
export interface CatalogueFiles {
  firstScreen: string;
  rest: string;
}

/**
 * What the server reads: for each path pattern, the built files to hint, scripts and stylesheets, and the
 * scripts of each locale (its catalogue's parts); and each locale's catalogue files, which the page names for
 * the client to import (src/platform/i18n/page-catalogue.ts), so that its entry carries no table of them.
 */
export interface RoutePreloads {
  routes: { paths: string[]; scripts: string[]; styles: string[]; locales?: Record<string, string[]> }[];
  requests: typeof FIRST_REQUEST;
  catalogues: Record<string, CatalogueFiles>;
}

/** The chunks holding these modules, with the chunks they import. */
function filesOf(chunks: BuiltChunk[], root: string, modules: string[]): string[] {
  const files = new Set<string>();
  for (const module of modules)
    for (const file of chunksHolding(chunks, root, module)) addWithImports(chunks, file, files);
  return [...files];
}

/** The one chunk that is a catalogue part: a module of its own, which imports nothing. */
function catalogueFile(chunks: BuiltChunk[], root: string, module: string): string {
  const files = filesOf(chunks, root, [module]);
  if (files.length !== 1) throw new Error(`${module} is not one chunk of its own: ${files.join(', ')}`);
  return `/${files[0]}`;
}

/**
 * Writes dist/route-preloads.json: the files of FIRST_SCREEN's modules with the chunks they import, less
 * what index.html already loads. A listed module that the build no longer has fails the build.
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'palchat-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = builtChunks(bundle);
      const inShell = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) addWithImports(chunks, chunk.fileName, inShell);
      const locales = fs
        .readdirSync(path.join(root, 'src/locales'))
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length));
      const routes = FIRST_SCREEN.map(({ paths, modules }) => {
        const shared = modules.filter((module) => !module.includes(LOCALE));
        const perLocale = modules.filter((module) => module.includes(LOCALE));
        const scripts = filesOf(chunks, root, shared).filter((file) => !inShell.has(file));
        const styles = new Set<string>();
        for (const file of scripts)
          for (const css of chunks.find((chunk) => chunk.fileName === file)?.viteMetadata?.importedCss ?? [])
            styles.add(css);
        const localeScripts = (locale: string) =>
          filesOf(
            chunks,
            root,
            perLocale.map((module) => module.replace(LOCALE, locale)),
          )
            .filter((file) => !inShell.has(file) && !scripts.includes(file))
            .map((file) => `/${file}`);
        return {
          paths,
          scripts: scripts.map((file) => `/${file}`),
          styles: [...styles].map((file) => `/${file}`),
          ...(perLocale.length > 0
            ? { locales: Object.fromEntries(locales.map((locale) => [locale, localeScripts(locale)])) }
            : {}),
        };
      });
      const catalogues = Object.fromEntries(
        locales.map((locale) => [
          locale,
          {
            firstScreen: catalogueFile(chunks, root, CATALOGUE_FIRST_SCREEN.replace(LOCALE, locale)),
            rest: catalogueFile(chunks, root, CATALOGUE_REST.replace(LOCALE, locale)),
          },
        ]),
      );
      const preloads: RoutePreloads = { routes, requests: FIRST_REQUEST, catalogues };
      this.emitFile({ type: 'asset', fileName: PRELOADS_FILE, source: JSON.stringify(preloads, null, 1) });
    },
  };
}
