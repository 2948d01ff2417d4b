import { Link } from 'react-router';
import { Msg } from '../app/i18n/Msg';
import type { MessageId } from '../app/i18n/messages';

export interface PageLink {
  to: string;
  label: MessageId;
}

/** A run of plain links to other pages, each labelled by a catalogue message. */
export function LinkList({ links }: { links: readonly PageLink[] }) {
  return (
    <>
      {links.map((link) => (
        <Link key={link.to} to={link.to}>
          <Msg id={link.label} />
        </Link>
      ))}
    </>
  );
}
