import type { MediaAttachment, Status } from '@palchat/api';
import { useState } from 'react';
import { useT } from '../../app/i18n/use-t';
import { Blurhash } from '../../components/Blurhash';
import { SocialIcon } from '../../components/SocialIcon';
import { openInPlayer } from './player-store';

function Thumbnail({ media, status }: { media: MediaAttachment; status: Status }) {
  const t = useT();
  const [loaded, setLoaded] = useState(false);
  const playable = media.type === 'video' || media.type === 'audio' || media.type === 'gifv';
  return (
    <div className="media-gallery__item">
      {media.blurhash && !loaded && <Blurhash hash={media.blurhash} className="media-gallery__blurhash" />}
      {media.type === 'image' && (
        <a href={media.url} target="_blank" rel="noopener noreferrer" className="media-gallery__link">
          <img
            src={media.preview_url ?? media.url}
            alt={media.description ?? ''}
            title={media.description ?? undefined}
            loading="lazy"
            onLoad={() => setLoaded(true)}
          />
        </a>
      )}
      {playable && (
        <button
          type="button"
          className="media-gallery__link media-gallery__play"
          data-action="open-media"
          aria-label={t(media.type === 'audio' ? 'media.play_audio' : 'media.play_video')}
          onClick={() => openInPlayer(media, status)}
        >
          {media.preview_url && media.type !== 'audio' && (
            <img src={media.preview_url} alt={media.description ?? ''} onLoad={() => setLoaded(true)} />
          )}
          <span className="media-gallery__play-icon">
            <SocialIcon name="play" size={36} />
          </span>
        </button>
      )}
      {media.type === 'unknown' && (
        <a href={media.url} target="_blank" rel="noopener noreferrer" className="media-gallery__link">
          {media.description ?? media.url}
        </a>
      )}
    </div>
  );
}

/** Attachments in a grid; sensitive ones hide behind their blurhash until revealed (SPEC "sensitive media"). */
export function MediaGallery({
  status,
  revealed,
  onToggle,
}: {
  status: Status;
  revealed: boolean;
  onToggle: () => void;
}) {
  const t = useT();
  const media = status.media_attachments;
  const count = Math.min(media.length, 4);
  return (
    <div className={`media-gallery media-gallery--${count}`}>
      {revealed ? (
        <>
          {media.map((item) => (
            <Thumbnail key={item.id} media={item} status={status} />
          ))}
          {status.sensitive && (
            <button
              type="button"
              className="media-gallery__hide"
              data-action="toggle-sensitive"
              onClick={onToggle}
              aria-label={t('media.hide')}
              title={t('media.hide')}
            >
              <SocialIcon name="visibilityOff" size={18} />
            </button>
          )}
        </>
      ) : (
        <>
          {media.map((item) => (
            <div key={item.id} className="media-gallery__item">
              {item.blurhash && <Blurhash hash={item.blurhash} className="media-gallery__blurhash" />}
            </div>
          ))}
          <button
            type="button"
            className="media-gallery__spoiler"
            data-action="toggle-sensitive"
            onClick={onToggle}
          >
            <strong>{t('media.sensitive')}</strong>
            <span>{t('media.click_to_show')}</span>
          </button>
        </>
      )}
    </div>
  );
}
