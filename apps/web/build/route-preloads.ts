import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The lazily loaded modules that the first screen of a page needs, by path pattern (`:name` matches one
 * segment, `@` one segment that starts with "@"; every pattern also matches under /deck). Without a hint the
 * browser finds them one after the other (entry → catalogue → route chunk → data → status card); with one,
 * it fetches them all while it parses the page.
 */
export const FIRST_SCREEN: { paths: string[]; modules: string[] }[] = [
  {
    // every page: the English catalogue (the only one so far; boot.tsx waits for it before rendering)
    paths: ['*'],
    modules: ['src/locales/en.json'],
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
      'src/features/timelines/views.tsx',
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
    ],
  },
  {
    paths: ['/tags/:id', '/timelines/tag/:id'],
    modules: [
      'src/features/timelines/HashtagView.tsx',
      'src/components/StatusCard.tsx',
      'src/components/PagedList.tsx',
    ],
  },
  {
    paths: ['/links/:url'],
    modules: [
      'src/features/timelines/LinkView.tsx',
      'src/components/StatusCard.tsx',
      'src/components/PagedList.tsx',
    ],
  },
  {
    paths: ['/@', '/@/with_replies', '/@/media', '/@/featured', '/accounts/:id'],
    modules: [
      'src/features/account/views.tsx',
      'src/components/StatusCard.tsx',
      'src/components/PagedList.tsx',
    ],
  },
  {
    paths: ['/@/:statusId', '/statuses/:statusId'],
    modules: ['src/features/status/views.tsx', 'src/components/StatusCard.tsx'],
  },
  {
    paths: ['/notifications'],
    modules: ['src/features/notifications/views.tsx', 'src/components/PagedList.tsx'],
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

/** What the server reads: for each path pattern, the built files to hint, scripts and stylesheets. */
export interface RoutePreloads {
  routes: { paths: string[]; scripts: string[]; styles: string[] }[];
  requests: typeof FIRST_REQUEST;
}

interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
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
      const chunks = Object.values(bundle).filter(
        (item): item is BuiltChunk & typeof item => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const inShell = new Set<string>();
      const closure = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
      };
      for (const chunk of chunks)
        if ((chunk as { isEntry?: boolean }).isEntry) closure(chunk.fileName, inShell);

      // the chunk that holds the module, and the chunk its dynamic import names when that is another (a facade
      // that only re-exports a chunk group's module)
      const chunksOf = (module: string) => {
        const absolute = path.resolve(root, module);
        const found = chunks.filter(
          (item) =>
            item.facadeModuleId?.includes(absolute) || item.moduleIds.some((id) => id.includes(absolute)),
        );
        if (found.length === 0) throw new Error(`route-preloads: no chunk holds ${module}`);
        return found.map((chunk) => chunk.fileName);
      };
      const routes = FIRST_SCREEN.map(({ paths, modules }) => {
        const files = new Set<string>();
        for (const module of modules) for (const file of chunksOf(module)) closure(file, files);
        const scripts = [...files].filter((file) => !inShell.has(file));
        const styles = new Set<string>();
        for (const file of scripts)
          for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) styles.add(css);
        return {
          paths,
          scripts: scripts.map((file) => `/${file}`),
          styles: [...styles].map((file) => `/${file}`),
        };
      });
      const preloads: RoutePreloads = { routes, requests: FIRST_REQUEST };
      this.emitFile({ type: 'asset', fileName: PRELOADS_FILE, source: JSON.stringify(preloads, null, 1) });
    },
  };
}
