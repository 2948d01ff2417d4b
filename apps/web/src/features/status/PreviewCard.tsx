import './preview-card.css';
import type { PreviewCard as PreviewCardEntity } from '@palchat/api';
import { useState } from 'react';
import { Msg } from '../../platform/i18n/Msg';
import { Blurhash } from '../../components/Blurhash';
import { linkHost } from '../../components/link-host';

/** Landscape images get the wide layout, as on Mastodon; others sit beside the text. */
function isWide(card: PreviewCardEntity): boolean {
  return card.width > 0 && card.height > 0 && card.width / card.height >= 1.2;
}

/**
 * The preview of the link a post shares, from the page's own metadata: provider, title, description, author
 * and image (blurhash until it loads). One external link; oEmbed HTML is never rendered. Shown under the
 * text of posts without media.
 */
export function PreviewCard({ card }: { card: PreviewCardEntity }) {
  const [loaded, setLoaded] = useState(false);
  const wide = card.image !== null && isWide(card);
  const provider = card.provider_name || linkHost(card.url);
  const author = card.authors[0]?.name || card.author_name;
  return (
    <a
      className={wide ? 'preview-card preview-card--wide' : 'preview-card'}
      href={card.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      data-testid="preview-card"
    >
      {card.image && (
        <span className="preview-card__image">
          {card.blurhash && !loaded && <Blurhash hash={card.blurhash} className="preview-card__blurhash" />}
          <img
            src={card.image}
            alt={card.image_description}
            loading="lazy"
            decoding="async"
            onLoad={() => setLoaded(true)}
          />
        </span>
      )}
      <span className="preview-card__text">
        <small className="preview-card__provider">{provider}</small>
        <strong className="preview-card__title">{card.title || card.url}</strong>
        {card.description && <span className="preview-card__description">{card.description}</span>}
        {author && (
          <small className="preview-card__author">
            <Msg id="status.card_author" values={{ name: <bdi>{author}</bdi> }} />
          </small>
        )}
      </span>
    </a>
  );
}

export default PreviewCard;
