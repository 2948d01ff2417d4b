import type { LayoutMode } from './layout';
import { isSingleColumn } from './layout';

const LEGACY_REDIRECTS: Readonly<Record<string, string>> = {
  '/timelines/public': '/public',
  '/timelines/public/local': '/public/local',
};

const MULTI_COLUMN_HOME = '/deck/getting-started';

/** Whether a path is one of the multi-column layout's (/deck, /deck/…). */
export function isDeckPath(pathname: string): boolean {
  return pathname === '/deck' || pathname.startsWith('/deck/');
}

function stripDeckPrefix(pathname: string): string {
  if (pathname === '/deck' || pathname === '/deck/') return '/';
  return pathname.slice('/deck'.length);
}

/** The page a path shows, in or out of the deck: `/deck/notifications` and `/notifications` are one page. */
export function pagePath(pathname: string): string {
  return isDeckPath(pathname) ? stripDeckPrefix(pathname) : pathname;
}

/**
 * The path a location must be replaced with, or null to stay (SPEC §2): legacy public timeline paths,
 * /deck prefixes stripped in single-column, and /getting-started and /home sent to the deck in multi-column.
 */
export function pathRedirect(pathname: string, layout: LayoutMode): string | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const legacy = LEGACY_REDIRECTS[trimmed];
  if (legacy) return legacy;
  if (isSingleColumn(layout)) return isDeckPath(trimmed) ? stripDeckPrefix(trimmed) : null;
  if (
    trimmed === '/getting-started' ||
    trimmed === '/home' ||
    trimmed === '/deck/home' ||
    trimmed === '/deck'
  )
    return MULTI_COLUMN_HOME;
  return null;
}
