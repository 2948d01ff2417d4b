import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { Html } from '../../components/Html';
import { isPlainClick } from '../../components/plain-click';

/** The tag a hashtag link of note HTML names: Mastodon's `<a class="mention hashtag" rel="tag">#<span>tag</span></a>`. */
function hashtagOf(link: HTMLAnchorElement): string | null {
  const isTag = link.classList.contains('hashtag') || link.relList.contains('tag');
  const tag = (link.textContent ?? '').trim();
  return isTag && tag.startsWith('#') && tag.length > 1 ? tag.slice(1) : null;
}

/**
 * A profile's bio (server HTML, sanitized by <Html>). Its hashtag links, ours or another server's, become links to
 * this app's hashtag page, as in Mastodon's profile header.
 */
export function ProfileNote({ html }: { html: string }) {
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  // runs after <Html> filled the element (a child's layout effect runs first)
  useLayoutEffect(() => {
    for (const link of root.current?.querySelectorAll('a') ?? []) {
      const tag = hashtagOf(link);
      if (tag === null) continue;
      link.setAttribute('href', `/tags/${encodeURIComponent(tag)}`);
      link.removeAttribute('target');
      link.setAttribute('rel', 'tag');
    }
  }, [html]);
  function onClick(event: MouseEvent<HTMLDivElement>) {
    const href = (event.target as HTMLElement).closest('a')?.getAttribute('href');
    if (!href?.startsWith('/tags/') || !isPlainClick(event)) return;
    event.preventDefault();
    navigate(href);
  }
  return (
    // presentation: it only delegates its links' clicks; the links themselves take focus and Enter
    <div ref={root} onClick={onClick} role="presentation">
      <Html className="account-header__note" html={html} />
    </div>
  );
}
