import { preloadableLazy } from '../platform/preloadable-lazy';

/**
 * The status card brings the HTML sanitizer, so it is a chunk of its own, loaded as soon as a view with status
 * rows is (while the view's first page is on its way), and rendered directly once it has arrived. A row that
 * renders before that suspends up to its list's boundary, so the list appears whole instead of placeholder
 * rows that grow into cards and push the rows below them (layout shift).
 */
export const LazyStatusCard = preloadableLazy(async () => ({
  default: (await import('./StatusCard')).StatusCard,
}));
void LazyStatusCard.preload();
