import './overlays.css';
import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../../platform/i18n/use-t';
import { hashtagMenuStore, useHashtagMenu } from './hashtag-menu-store';

/** SPEC §2 "Hashtag popup": browse the tag, browse the author's posts in it, mute it (a prefilled filter). */
export default function HashtagMenu() {
  const t = useT();
  const request = useHashtagMenu();
  const location = useLocation();
  const menu = useRef<HTMLDivElement | null>(null);
  const { refs, floatingStyles } = useFloating({
    placement: 'bottom-start',
    strategy: 'fixed',
    middleware: [offset(4), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const anchor = request?.anchor ?? null;
  useEffect(() => refs.setReference(anchor), [anchor, refs]);

  // close on navigation, not on mount: a click may have opened the menu before this chunk arrived
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current !== location.pathname) hashtagMenuStore.set(null);
    shownPath.current = location.pathname;
  }, [location.pathname]);
  useEffect(() => {
    if (!request) return;
    menu.current?.querySelector<HTMLElement>('a')?.focus();
    const close = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node)) hashtagMenuStore.set(null);
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && hashtagMenuStore.set(null);
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', escape);
    };
  }, [request]);

  if (!request) return null;
  const tag = encodeURIComponent(request.tag);
  return (
    <div
      ref={(element) => {
        menu.current = element;
        refs.setFloating(element);
      }}
      style={floatingStyles}
      className="dropdown__menu hashtag-menu"
      role="menu"
      data-testid="hashtag-menu"
    >
      <Link role="menuitem" className="dropdown__item" to={`/tags/${tag}`}>
        {t('hashtag_menu.browse', { tag: request.tag })}
      </Link>
      <Link role="menuitem" className="dropdown__item" to={`/@${request.acct}/tagged/${tag}`}>
        {t('hashtag_menu.browse_from', { tag: request.tag, acct: request.acct })}
      </Link>
      <Link
        role="menuitem"
        className="dropdown__item dropdown__item--danger"
        to={`/filters/new?hashtag=${tag}`}
      >
        {t('hashtag_menu.mute', { tag: request.tag })}
      </Link>
    </div>
  );
}
