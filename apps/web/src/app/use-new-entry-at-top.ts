import { useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/**
 * A page reached through a link or the navigation (a new history entry) starts at the top, as in Mastodon's
 * client; the window would otherwise keep the scroll of the page left. Back and Forward leave the window to
 * the lists, which come back where the reader left them (components/use-list-position.ts), and to the
 * browser's own restoration. In the deck the window does not scroll: a routed column starts new anyway.
 */
export function useNewEntryAtTop(): void {
  const { key } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (type === NavigationType.Push) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [key, type]);
}
