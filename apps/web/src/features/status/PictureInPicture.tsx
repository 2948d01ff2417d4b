import './overlays.css';
import type { SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { useT } from '../../platform/i18n/use-t';
import { Icon } from '../../components/Icon';
import { playerStore, usePlayer } from './player-store';

/** Continues where the viewer left off when the media was popped out mid-play. */
function startAt(seconds: number) {
  return (event: SyntheticEvent<HTMLMediaElement>) => {
    if (seconds > 0) event.currentTarget.currentTime = seconds;
  };
}

/** The picture-in-picture player for video and audio; its header links to /@{acct}/{statusId}. */
export default function PictureInPicture() {
  const t = useT();
  const item = usePlayer();
  if (!item) return null;
  const { media } = item;
  return (
    <aside className="pip" aria-label={t('pip.label')} data-testid="pip-player">
      <div className="pip__header">
        <Link to={`/@${item.acct}/${item.statusId}`} className="pip__link">
          {t('pip.from', { name: item.accountName })}
        </Link>
        <button
          type="button"
          className="pip__close"
          aria-label={t('common.close')}
          onClick={() => playerStore.set(null)}
        >
          <Icon name="close" size={18} />
        </button>
      </div>
      {media.type === 'audio' ? (
        <audio
          src={media.url}
          controls
          autoPlay
          className="pip__media"
          aria-label={media.description ?? undefined}
          onLoadedMetadata={startAt(item.startTime)}
        />
      ) : (
        <video
          src={media.url}
          poster={media.preview_url ?? undefined}
          controls
          autoPlay
          loop={media.type === 'gifv'}
          muted={media.type === 'gifv'}
          playsInline
          className="pip__media"
          aria-label={media.description ?? undefined}
          onLoadedMetadata={startAt(item.startTime)}
        />
      )}
    </aside>
  );
}
