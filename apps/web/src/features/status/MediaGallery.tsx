import './media-gallery.css';
import type { MediaAttachment, Status } from '@palchat/api';
import { Suspense, useId, useState, type PointerEvent } from 'react';
import { lazyWithMessages } from '../../platform/lazy-with-messages';
import { useT } from '../../platform/i18n/use-t';
import { Blurhash } from '../../components/Blurhash';
import { PathIcon } from '../../components/SocialIcon';
import { animatesByItself, imageTileSource, isAnimatedImage } from './animated-image';
import { focusPosition, singleTileRatio } from './media-layout';
import { useReadingSettings } from '../settings';
import { openInPlayer } from './player-store';
import { isPlainClick } from '../../components/plain-click';

// the viewer loads on the first click on a tile
const MediaModal = lazyWithMessages(() => import('./MediaModal'));

const MAX_TILES = 4;
const PLAY = 'M8 5v14l11-7z';
const VISIBILITY_OFF =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92A11.8 11.8 0 0 0 22.99 12C21.26 7.61 17 4.5 12 4.5c-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7zM2 4.27l2.28 2.28.46.46A11.8 11.8 0 0 0 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3 2 4.27zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2z';
const MUSIC_NOTE = 'M12 3v10.55c-.59-.34-1.27-.55-2-.55-2.21 0-4 1.79-4 4s1.79 4 4 4 4-1.79 4-4V7h4V3h-6z';

function tileLabel(media: MediaAttachment, t: ReturnType<typeof useT>): string | undefined {
  if (media.type === 'video') return t('media.play_video');
  if (media.type === 'audio') return t('media.play_audio');
  // an image's or GIF's accessible name is its description; one without gets a generic name
  return media.description ? undefined : t('media.view');
}

// muted previews play while the pointer is over them
const playOnHover = {
  onPointerEnter: (event: PointerEvent<HTMLVideoElement>) =>
    void event.currentTarget.play().catch(() => undefined),
  onPointerLeave: (event: PointerEvent<HTMLVideoElement>) => event.currentTarget.pause(),
};

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * What a tile shows: the picture (an animated image's still preview, its original file while it plays), a
 * muted looping GIF, a video previewed muted on hover over its poster, or the audio's art. Animated media
 * play by themselves when the reader chose to autoplay GIFs and did not ask for less motion, else on hover.
 */
function TilePreview({
  media,
  animates,
  onLoad,
}: {
  media: MediaAttachment;
  animates: boolean;
  onLoad: () => void;
}) {
  const style = { objectPosition: focusPosition(media) };
  const description = media.description ?? '';
  const [hovered, setHovered] = useState(false);
  switch (media.type) {
    case 'image': {
      const hoverToPlay = isAnimatedImage(media) && !animates;
      return (
        <img
          src={imageTileSource(media, animates || hovered)}
          alt={description}
          title={description || undefined}
          loading="lazy"
          style={style}
          onLoad={onLoad}
          {...(hoverToPlay
            ? { onPointerEnter: () => setHovered(true), onPointerLeave: () => setHovered(false) }
            : {})}
        />
      );
    }
    case 'gifv':
      return (
        <video
          src={media.url}
          poster={media.preview_url ?? undefined}
          aria-label={description || undefined}
          style={style}
          muted
          loop
          autoPlay={animates}
          playsInline
          {...(animates ? {} : playOnHover)}
        />
      );
    case 'video':
      return (
        <video
          src={media.url}
          poster={media.preview_url ?? undefined}
          style={style}
          muted
          loop
          playsInline
          preload="metadata"
          onLoadedData={onLoad}
          {...playOnHover}
        />
      );
    case 'audio':
      return media.preview_url ? (
        <img src={media.preview_url} alt="" loading="lazy" style={style} onLoad={onLoad} />
      ) : (
        <span className="media-gallery__audio-art">
          <PathIcon path={MUSIC_NOTE} size={40} />
        </span>
      );
    default:
      return <span className="media-gallery__file">{description || media.url}</span>;
  }
}

interface TileProps {
  media: MediaAttachment;
  /** the first tile is what the `e` shortcut (features/keyboard) clicks */
  first: boolean;
  /** attachments past the fourth tile, counted on the last one */
  more: number;
  altOpen: boolean;
  altId: string;
  onOpen: () => void;
  onToggleAlt: () => void;
}

function Tile({ media, first, more, altOpen, altId, onOpen, onToggleAlt }: TileProps) {
  const t = useT();
  const [loaded, setLoaded] = useState(false);
  const viewable = media.type !== 'unknown';
  const animates = animatesByItself(useReadingSettings(), prefersReducedMotion());
  const animated = media.type === 'gifv' || isAnimatedImage(media);
  return (
    <div className={`media-gallery__item media-gallery__item--${media.type}`}>
      {media.blurhash && !loaded && <Blurhash hash={media.blurhash} className="media-gallery__blurhash" />}
      <a
        href={media.url}
        target="_blank"
        rel="noopener noreferrer"
        className="media-gallery__link"
        data-action={first ? 'open-media' : undefined}
        aria-label={tileLabel(media, t)}
        onClick={(event) => {
          if (!viewable || !isPlainClick(event)) return;
          event.preventDefault();
          onOpen();
        }}
      >
        <TilePreview media={media} animates={animates} onLoad={() => setLoaded(true)} />
        {(media.type === 'video' || media.type === 'audio') && (
          <span className="media-gallery__play-icon">
            <PathIcon path={PLAY} size={28} />
          </span>
        )}
        {animated && !animates && (
          <span className="media-gallery__badge media-gallery__badge--gif">{t('media.gif')}</span>
        )}
        {more > 0 && <span className="media-gallery__more">+{more}</span>}
      </a>
      {media.description && (
        <button
          type="button"
          className="media-gallery__badge media-gallery__alt"
          aria-expanded={altOpen}
          aria-controls={altOpen ? altId : undefined}
          title={t('media.show_description')}
          onClick={onToggleAlt}
        >
          {t('media.alt')}
        </button>
      )}
    </div>
  );
}

/**
 * Up to four tiles in Mastodon's layouts; a click opens the media viewer (MediaModal). Sensitive media, or all
 * media when the reader chose so, hide behind their blurhash until revealed (SPEC "sensitive media").
 */
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
  const altId = useId();
  const [viewing, setViewing] = useState<number | null>(null);
  const [altShown, setAltShown] = useState<string | null>(null);
  const media = status.media_attachments;
  const tiles = media.slice(0, MAX_TILES);
  const first = tiles[0];
  const altText = media.find((item) => item.id === altShown)?.description;
  const style = tiles.length === 1 && first ? { aspectRatio: singleTileRatio(first) } : undefined;

  return (
    <div
      className={`media-gallery media-gallery--${tiles.length}`}
      style={style}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && altShown) {
          event.stopPropagation();
          setAltShown(null);
        }
      }}
    >
      {revealed ? (
        <>
          {tiles.map((item, index) => (
            <Tile
              key={item.id}
              media={item}
              first={index === 0}
              more={index === tiles.length - 1 ? media.length - tiles.length : 0}
              altOpen={altShown === item.id}
              altId={altId}
              onOpen={() => setViewing(index)}
              onToggleAlt={() => setAltShown((shown) => (shown === item.id ? null : item.id))}
            />
          ))}
          {altText && (
            <button
              type="button"
              id={altId}
              className="media-gallery__alt-text"
              title={t('common.close')}
              onClick={() => setAltShown(null)}
            >
              {altText}
            </button>
          )}
          <button
            type="button"
            className="media-gallery__hide"
            data-action="toggle-sensitive"
            onClick={onToggle}
            title={t('media.hide')}
          >
            <PathIcon path={VISIBILITY_OFF} size={16} />
            {t('media.hide_short')}
          </button>
        </>
      ) : (
        <>
          {tiles.map((item) => (
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
            <strong>{t(status.sensitive ? 'media.sensitive' : 'media.hidden')}</strong>
            <span>{t('media.click_to_show')}</span>
          </button>
          {/* the `e` shortcut opens the viewer even while the tiles are covered, as on Mastodon */}
          <button type="button" hidden data-action="open-media" tabIndex={-1} onClick={() => setViewing(0)} />
        </>
      )}
      {viewing !== null && (
        <Suspense fallback={null}>
          <MediaModal
            media={status.media_attachments}
            index={viewing}
            language={status.language}
            postPath={`/@${status.account.acct}/${status.id}`}
            onPopOut={(media, time) => openInPlayer(media, status, time)}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
