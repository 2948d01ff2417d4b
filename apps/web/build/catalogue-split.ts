/**
 * The message catalogue ships in two parts. The first-screen part loads with the page (boot.tsx waits for it);
 * the rest loads once the browser is idle, or sooner with the first lazily loaded module that needs it
 * (platform/lazy-with-messages.ts). An id belongs to the first screen when it starts with one of these areas
 * followed by a dot, or is listed in full.
 */
export const FIRST_SCREEN_AREAS = [
  'common',
  'crash',
  'drawer',
  'error',
  'header',
  'live_feeds',
  'media',
  'navigation',
  'network_error',
  'not_found',
  'poll',
  'relative_time',
  'render_error',
  'sign_in_banner',
  'sign_in_required',
  'status',
  'timeline',
];
export const FIRST_SCREEN_IDS = new Set([
  ...['back', 'home', 'community', 'public', 'remote', 'live_feeds', 'favourites', 'bookmarks', 'pinned'].map(
    (column) => `column.${column}`,
  ),
  ...['home', 'community', 'public', 'remote', 'favourites', 'bookmarks', 'pinned'].map(
    (empty) => `empty.${empty}`,
  ),
  'filters.filtered_status',
  'filters.show_anyway',
  'search.placeholder',
]);

/**
 * The modules whose chunks render without waiting for the rest of the catalogue: the shell (the entry and what
 * it imports), the timelines /home shares, the list and the status card with the media, poll and preview card
 * it loads itself, and the deck layout (boot.tsx preloads it). Every id their chunks name must be in the
 * first-screen part; the build fails otherwise (compile-messages.ts).
 */
export const FIRST_SCREEN_MODULES = [
  'src/features/timelines/first-screen-views.ts',
  'src/features/status/StatusCard.tsx',
  'src/features/status/MediaGallery.tsx',
  'src/features/status/Poll.tsx',
  'src/features/status/PreviewCard.tsx',
  'src/components/PagedList.tsx',
  'src/app/layouts/MultiColumnLayout.tsx',
];

export function isFirstScreenMessage(id: string): boolean {
  return FIRST_SCREEN_IDS.has(id) || FIRST_SCREEN_AREAS.includes(id.slice(0, id.indexOf('.')));
}

export type CataloguePart = 'first-screen' | 'rest';

export function cataloguePart(messages: Record<string, string>, part: CataloguePart): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).filter(([id]) => isFirstScreenMessage(id) === (part === 'first-screen')),
  );
}

/**
 * Catalogue ids that a chunk's code names but the first-screen part lacks: quoted ids, and ids built from a
 * template (`area.${…}`), which need their whole area.
 */
export function idsMissingFromFirstScreen(code: string, catalogue: Record<string, string>): string[] {
  const missing = new Set<string>();
  for (const [, id = ''] of code.matchAll(/["'`]([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)["'`]/g))
    if (id in catalogue && !isFirstScreenMessage(id)) missing.add(id);
  for (const [, area = ''] of code.matchAll(/`([a-z][a-z0-9_]*)\.\$\{/g))
    if (Object.keys(catalogue).some((id) => id.startsWith(`${area}.`)) && !FIRST_SCREEN_AREAS.includes(area))
      missing.add(`${area}.*`);
  // an area from a variable cannot be checked: spell such ids out
  for (const [template = '', last = ''] of code.matchAll(/`\$\{[^}`]*\}\.([a-z0-9_]+)`/g))
    if (Object.keys(catalogue).some((id) => id.endsWith(`.${last}`))) missing.add(template);
  return [...missing].sort();
}
