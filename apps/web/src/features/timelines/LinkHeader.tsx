import './link-header.css';
import { useQuery } from '@tanstack/react-query';
import { Msg } from '../../platform/i18n/Msg';
import { linkHost } from '../../components/link-host';
import { linkTimeline } from './api';
import { timelineKeys } from './query-keys';

/**
 * The link a /links/:url timeline is about, as the posts' preview card describes it (title, image), with
 * its host as the provider; before any post carries a card, the host alone.
 */
export function LinkHeader({ url }: { url: string }) {
  const host = linkHost(url);
  const posts = useQuery({
    queryKey: timelineKeys.linkCard(url),
    queryFn: ({ signal }) => linkTimeline.first(url, 5, signal),
  });
  const card = posts.data?.map((status) => status.card).find((found) => found?.url === url) ?? null;
  return (
    <a className="link-header" href={url} target="_blank" rel="noopener noreferrer">
      {card?.image && <img className="link-header__image" src={card.image} alt="" />}
      <span className="link-header__text">
        <small className="link-header__provider">{host}</small>
        <strong className="link-header__title">{card?.title || url}</strong>
        {card?.description && <span className="link-header__description">{card.description}</span>}
        <span className="link-header__open">
          <Msg id="link.open" />
        </span>
      </span>
    </a>
  );
}
