import type { Mention, Status } from '@palchat/api';
import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { Html } from '../../components/Html';
import { isPlainClick } from '../../components/plain-click';
import { openHashtagMenu } from './hashtag-menu-store';

/** The mention a link of the status HTML stands for: mention links carry the account's URL. */
function mentionOf(status: Status, link: Element): Mention | undefined {
  if (!link.classList.contains('mention') || link.classList.contains('hashtag')) return undefined;
  return status.mentions.find((item) => item.url === link.getAttribute('href'));
}

/**
 * The status HTML (sanitized by <Html>). On a plain click (no modifier: SPEC §2 "Hashtag popup" asks for no ctrl
 * or meta, and shift/alt keep the link's own meaning too) mentions open the profile in the app and hashtags open
 * the hashtag popup; other links open a new tab.
 */
export function StatusContent({ status }: { status: Status }) {
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  // mentions open the account hover card like other account elements (the sanitizer drops data attributes)
  useLayoutEffect(() => {
    for (const link of root.current?.querySelectorAll('a.mention') ?? []) {
      const mention = mentionOf(status, link);
      if (mention) link.setAttribute('data-hover-card-account', mention.id);
    }
  }, [status]);
  function onClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as HTMLElement).closest('a');
    if (!link) return;
    if (link.classList.contains('hashtag')) {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      const tag = (link.textContent ?? '').replace(/^#/, '');
      openHashtagMenu({ tag, acct: status.account.acct, anchor: link });
      return;
    }
    if (isPlainClick(event)) {
      const mention = mentionOf(status, link);
      if (mention) {
        event.preventDefault();
        navigate(`/@${mention.acct}`);
      }
    }
  }
  return (
    // presentation: it only delegates its links' clicks; the links themselves take focus and Enter
    <div ref={root} onClick={onClick} lang={status.language ?? undefined} role="presentation">
      <Html className="status__content" html={status.content} />
    </div>
  );
}
