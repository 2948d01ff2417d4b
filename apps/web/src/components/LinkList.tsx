import { Msg } from '../platform/i18n/Msg';
import type { MessageId } from '../platform/i18n/messages';
import { useRouteLinkClick } from '../platform/route-links';

export interface PageLink {
  to: string;
  label: MessageId;
}

/** A run of plain links to other pages, each labelled by a catalogue message. */
export function LinkList({ links }: { links: readonly PageLink[] }) {
  const followLink = useRouteLinkClick();
  return (
    <>
      {links.map((link) => (
        <a key={link.to} href={link.to} onClick={followLink}>
          <Msg id={link.label} />
        </a>
      ))}
    </>
  );
}
