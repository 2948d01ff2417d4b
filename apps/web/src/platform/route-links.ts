import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { isPlainClick } from '../components/plain-click';

/**
 * The app path a click on a plain anchor should take the router to, or null when the browser should have it,
 * as React Router's Link decides: a left click without modifier keys, on a link without another target or a
 * download, to this origin.
 */
export function routeOfClick(event: MouseEvent<HTMLElement>): string | null {
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return null;
  if (event.defaultPrevented) return null;
  if (!isPlainClick(event)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * One click handler for any number of plain `<a href>` links to the app's pages, on the links or on an element
 * around them (the anchor clicked is found from the event's target), which navigates as Link does
 * (a link to the page shown replaces its history entry). Link's hooks, run once per link, cost a few
 * kilobytes of heap each: pages with many links use anchors and this (issue #17).
 */
export function useRouteLinkClick(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const to = routeOfClick(event);
      if (to === null) return;
      event.preventDefault();
      // the browser router's location is the window's (no subscription to it: status cards use this too)
      const shown = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      void navigate(to, { replace: to === shown });
    },
    [navigate],
  );
}

/** Whether a navigation link to `to` shows as the current page, as NavLink decides (case-insensitive). */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return here === target || (!end && here.startsWith(target) && here.charAt(slashAt) === '/');
}
