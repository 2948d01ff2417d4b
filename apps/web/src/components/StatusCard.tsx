import type { Status } from '@palchat/api';
import { Link } from 'react-router';
import { Msg } from '../app/i18n/Msg';
import { Avatar } from './Avatar';
import { DisplayName } from './DisplayName';
import { Html } from './Html';
import { Icon } from './Icon';
import { RelativeTime } from './RelativeTime';

/**
 * A plain, sanitized rendering of a status so that no entry the server sent is hidden; the full status
 * component (actions, media player, polls) belongs to the social-core work.
 */
export function StatusCard({ status }: { status: Status }) {
  const shown = status.reblog ?? status;
  const permalink = `/@${shown.account.acct}/${shown.id}`;
  return (
    <article className="status" aria-labelledby={`status-${status.id}-author`}>
      {status.reblog && (
        <div className="status__prepend">
          <Icon name="repeat" size={16} />
          <Msg
            id="status.boosted_by"
            values={{ name: <bdi>{status.account.display_name || status.account.username}</bdi> }}
          />
        </div>
      )}
      <div className="status__header">
        <Link to={`/@${shown.account.acct}`} className="status__author" id={`status-${status.id}-author`}>
          <Avatar src={shown.account.avatar} size={46} />
          <DisplayName account={shown.account} />
        </Link>
        <Link to={permalink} className="status__time">
          <RelativeTime iso={shown.created_at} />
        </Link>
      </div>
      {shown.spoiler_text && <p className="status__spoiler">{shown.spoiler_text}</p>}
      <Html className="status__content" html={shown.content} />
      {shown.media_attachments.length > 0 && (
        <div className="status__media">
          {shown.media_attachments.map((media) => (
            <a
              key={media.id}
              href={media.url}
              target="_blank"
              rel="noopener noreferrer"
              className="status__media-item"
            >
              {media.type === 'image' || media.type === 'gifv' ? (
                <img src={media.preview_url ?? media.url} alt={media.description ?? ''} loading="lazy" />
              ) : (
                <span>{media.description ?? media.type}</span>
              )}
            </a>
          ))}
        </div>
      )}
      <div className="status__counts">
        <span>
          <Icon name="reply" size={16} /> {shown.replies_count}
        </span>
        <span>
          <Icon name="repeat" size={16} /> {shown.reblogs_count}
        </span>
        <span>
          <Icon name="star" size={16} /> {shown.favourites_count}
        </span>
      </div>
    </article>
  );
}
