import { lazy } from 'react';

/**
 * The status card brings the HTML sanitizer; it loads with the first status, not with an empty feed. A row
 * suspends up to its list's boundary, so the list appears whole once the card is there, instead of
 * placeholder rows that grow into cards and push the rows below them (layout shift).
 */
export const LazyStatusCard = lazy(async () => ({ default: (await import('./StatusCard')).StatusCard }));
