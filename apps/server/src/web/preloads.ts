import path from 'node:path';
import { readBuiltFile } from './page.js';

/** dist/route-preloads.json, written by the client's build (apps/web/build/route-preloads.ts). */
export const PRELOADS_FILE = 'route-preloads.json';

export interface RoutePreloads {
  /** `locales`: each interface locale's own scripts (its catalogue's parts) */
  routes: { paths: string[]; scripts: string[]; styles: string[]; locales?: Record<string, string[]> }[];
  /** the API request of a page's first screen (apps/web/build/route-preloads.ts FIRST_REQUEST) */
  requests?: { path: string; url: string; when: 'signed-in' | 'public-timelines' }[];
  /** each interface locale's catalogue files, its two parts (page-catalogue.ts names the page's) */
  catalogues?: Record<string, { firstScreen: string; rest: string }>;
}

/** What decides whether the page's first request will be made at all. */
export interface Viewer {
  signedIn: boolean;
  publicTimelinesVisible: boolean;
  /** the interface locale the page renders in (whose catalogue it loads); English when not given */
  locale?: string;
}

const DECK_PREFIX = '/deck';

function segmentMatches(pattern: string, segment: string): boolean {
  if (pattern === '@') return segment.startsWith('@') && segment.length > 1;
  if (pattern.startsWith(':')) return segment.length > 0;
  return pattern === segment;
}

/** `:name` matches one segment, `@` one segment starting with "@", `*` every path; /deck/… as its path. */
export function pathMatches(pattern: string, urlPath: string): boolean {
  if (pattern === '*') return true;
  const withoutDeck =
    urlPath === DECK_PREFIX || urlPath.startsWith(`${DECK_PREFIX}/`) ? urlPath.slice(5) : urlPath;
  const segments = withoutDeck.replace(/\/+$/, '').split('/').slice(1);
  const expected = pattern.split('/').slice(1);
  return (
    segments.length === expected.length &&
    expected.every((part, i) => segmentMatches(part, segments[i] ?? ''))
  );
}

/** Only asset paths of the build may become hints (the file is the build's, but a hint names a URL). */
export const ASSET = /^\/assets\/[\w.-]+\.(?:js|css)$/;
const API_REQUEST = /^\/api\/v\d\/[\w/.-]+(?:\?[\w=&.-]*)?$/;

/** The first request's URL when the page will make it (a signed-out /home makes none). */
function firstRequest(preloads: RoutePreloads, urlPath: string, viewer: Viewer): string | null {
  const request = preloads.requests?.find((item) => pathMatches(item.path, urlPath));
  if (!request || !API_REQUEST.test(request.url)) return null;
  const made =
    request.when === 'signed-in' ? viewer.signedIn : viewer.signedIn || viewer.publicTimelinesVisible;
  return made ? request.url : null;
}

/** `<link>` hints for the chunks the page's first screen needs, so the browser fetches them in parallel. */
export function preloadLinks(preloads: RoutePreloads | null, urlPath: string, viewer: Viewer): string {
  if (!preloads) return '';
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const route of preloads.routes) {
    if (!route.paths.some((pattern) => pathMatches(pattern, urlPath))) continue;
    const ownScripts = route.locales?.[viewer.locale ?? 'en'] ?? [];
    for (const file of [...route.scripts, ...ownScripts]) if (ASSET.test(file)) scripts.add(file);
    for (const file of route.styles) if (ASSET.test(file)) styles.add(file);
  }
  // crossorigin as Vite's loader sets it, so the loader's later request is served from these; low priority,
  // as the page's own scripts (apps/web/build/script-priority.ts), so that the page's stylesheet comes first
  const hint = (kind: string, href: string) =>
    `<link ${kind} fetchpriority="low" crossorigin href="${href}">`;
  const request = firstRequest(preloads, urlPath, viewer);
  return [
    // the data first (at the fetch's own priority): the first screen waits for it longest
    ...(request
      ? [`<link rel="preload" as="fetch" crossorigin href="${request.replace(/&/g, '&amp;')}">`]
      : []),
    ...[...styles].map((href) => hint('rel="preload" as="style"', href)),
    ...[...scripts].map((href) => hint('rel="modulepreload"', href)),
  ].join('');
}

function parsePreloads(text: string): RoutePreloads {
  const parsed = JSON.parse(text) as Partial<RoutePreloads>;
  if (!Array.isArray(parsed.routes)) throw new Error(`${PRELOADS_FILE} has no routes`);
  return {
    routes: parsed.routes,
    requests: Array.isArray(parsed.requests) ? parsed.requests : [],
    catalogues: typeof parsed.catalogues === 'object' && parsed.catalogues !== null ? parsed.catalogues : {},
  };
}

/** The build's preload table; null without one (an older build, the dev server). */
export function readRoutePreloads(webDistDir: string): Promise<RoutePreloads | null> {
  return readBuiltFile(path.join(webDistDir, PRELOADS_FILE), parsePreloads);
}
