import './media-modal.css';
import type { MediaAttachment } from '@palchat/api';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { useT } from '../../platform/i18n/use-t';
import { trapTab, useFocusInside } from '../../components/focus-trap';
import { Icon } from '../../components/Icon';
import { PathIcon } from '../../components/SocialIcon';
import { ZoomableImage } from './ZoomableImage';
import { DOUBLE_TAP_SCALE, FIT, type View } from './zoom';

const SWIPE_PX = 50;

/** The step that goes to the neighbour on the right: the next one, or the previous one in a right-to-left page. */
const rightwardStep = (element: Element) => (getComputedStyle(element).direction === 'rtl' ? -1 : 1);

const ICONS = {
  previous: 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z',
  next: 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z',
  original:
    'M19 19H5V5h7V3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14c1.1 0 2-.9 2-2v-7h-2v7zM14 3v2h3.59l-9.83 9.83 1.41 1.41L19 6.41V10h2V3h-7z',
  download: 'M19 9h-4V3H9v6H5l7 7 7-7zM5 18v2h14v-2H5z',
  post: 'M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2zm0 14H5.17L4 17.17V4h16v12z',
  zoomIn:
    'M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19l-4.99-5zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14zm.5-7H9v2H7v1h2v2h1v-2h2V9h-2z',
  zoomOut:
    'M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19l-4.99-5zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14zM7 9h5v1H7z',
  popOut:
    'M19 11h-8v6h8v-6zm4 8V4.98C23 3.88 22.1 3 21 3H3c-1.1 0-2 .88-2 1.98V19c0 1.1.9 2 2 2h18c1.1 0 2-.9 2-2zm-2 .02H3V4.97h18v14.05z',
};

/** The attachment at full size: the original image, a playing video, a looping GIF or the audio player. */
function FullMedia({
  media,
  playerRef,
  view,
  onView,
}: {
  media: MediaAttachment;
  playerRef: React.RefObject<HTMLMediaElement | null>;
  view: View;
  onView: (view: View) => void;
}) {
  const label = media.description || undefined;
  switch (media.type) {
    case 'video':
      return (
        <video
          ref={playerRef as React.RefObject<HTMLVideoElement>}
          className="media-viewer__media"
          src={media.url}
          poster={media.preview_url ?? undefined}
          aria-label={label}
          controls
          autoPlay
          playsInline
        />
      );
    case 'gifv':
      return (
        <video
          className="media-viewer__media"
          src={media.url}
          aria-label={label}
          muted
          loop
          autoPlay
          playsInline
        />
      );
    case 'audio':
      return (
        <div className="media-viewer__audio">
          {media.preview_url && <img src={media.preview_url} alt="" />}
          <audio ref={playerRef} src={media.url} aria-label={label} controls autoPlay />
        </div>
      );
    default:
      return <ZoomableImage src={media.url} alt={media.description ?? ''} view={view} onView={onView} />;
  }
}

/** Fetches the neighbours' originals so that ←/→ shows them at once. */
function usePreloadedNeighbours(media: readonly MediaAttachment[], index: number): void {
  useEffect(() => {
    for (const step of [1, -1]) {
      const neighbour = media[(index + step + media.length) % media.length];
      if (neighbour?.type === 'image') new Image().src = neighbour.url;
    }
  }, [media, index]);
}

/**
 * The full-screen media viewer of a status's attachments (opened from its gallery) or of a chat message's:
 * ←/→ and the side buttons go through them, Escape or a click beside the media closes it, focus stays inside
 * and returns to the tile. With `onPopOut`, video and audio can be popped out into the picture-in-picture
 * player, where they go on playing; with `postPath`, a link leads to the post the media belong to.
 */
export default function MediaModal({
  media,
  index: startIndex,
  language,
  postPath,
  onPopOut,
  onClose,
}: {
  media: readonly MediaAttachment[];
  index: number;
  /** the language of the descriptions (the status's) */
  language?: string | null;
  postPath?: string;
  onPopOut?: (media: MediaAttachment, currentTime: number) => void;
  onClose: () => void;
}) {
  const t = useT();
  const dialogRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<HTMLMediaElement>(null);
  const swipeStart = useRef<number | null>(null);
  const [index, setIndex] = useState(startIndex);
  const [view, setView] = useState<View>(FIT);
  const current = media[index];
  const several = media.length > 1;
  useFocusInside(dialogRef);
  usePreloadedNeighbours(media, index);
  if (!current) return null;

  const go = (step: number) => {
    setView(FIT);
    setIndex((at) => (at + step + media.length) % media.length);
  };
  const zoomed = view.scale > 1;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // keys stay in the viewer: they must not reach the page's shortcuts or the status card around the gallery
    event.stopPropagation();
    if (event.key === 'Escape') {
      onClose();
    } else if (several && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      go((event.key === 'ArrowRight' ? 1 : -1) * rightwardStep(event.currentTarget));
    } else {
      trapTab(event, dialogRef.current);
    }
  }

  // a horizontal swipe on a touch screen goes to the neighbour: swiping leftwards brings the one on the right
  function onPointerDown(event: PointerEvent) {
    swipeStart.current = event.pointerType === 'touch' ? event.clientX : null;
  }
  function onPointerUp(event: PointerEvent) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || !several || Math.abs(event.clientX - start) < SWIPE_PX) return;
    go((event.clientX < start ? 1 : -1) * rightwardStep(event.currentTarget));
  }

  function closeOnBackdrop(event: MouseEvent) {
    if (event.target === event.currentTarget) onClose();
  }

  function popOut() {
    if (!current || !onPopOut) return;
    onPopOut(current, playerRef.current?.currentTime ?? 0);
    onClose();
  }

  return createPortal(
    <div
      ref={dialogRef}
      className="media-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={t('media_viewer.label')}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onClick={closeOnBackdrop}
    >
      <div className="media-viewer__bar" onClick={closeOnBackdrop}>
        {several && (
          <span className="media-viewer__counter" aria-live="polite">
            {t('media_viewer.counter', { current: index + 1, total: media.length })}
          </span>
        )}
        <div className="media-viewer__tools">
          {onPopOut && (current.type === 'video' || current.type === 'audio') && (
            <button type="button" className="media-viewer__tool" onClick={popOut}>
              <PathIcon path={ICONS.popOut} size={18} />
              <span className="media-viewer__tool-name">{t('media_viewer.pop_out')}</span>
            </button>
          )}
          {current.type === 'image' && (
            <button
              type="button"
              className="media-viewer__tool"
              aria-pressed={zoomed}
              aria-label={t(zoomed ? 'media_viewer.zoom_out' : 'media_viewer.zoom_in')}
              title={t(zoomed ? 'media_viewer.zoom_out' : 'media_viewer.zoom_in')}
              onClick={() => setView(zoomed ? FIT : { scale: DOUBLE_TAP_SCALE, x: 0, y: 0 })}
            >
              <PathIcon path={zoomed ? ICONS.zoomOut : ICONS.zoomIn} size={18} />
            </button>
          )}
          <a className="media-viewer__tool" href={current.url} target="_blank" rel="noopener noreferrer">
            <PathIcon path={ICONS.original} size={18} />
            <span className="media-viewer__tool-name">{t('media_viewer.open_original')}</span>
          </a>
          <a
            className="media-viewer__tool"
            href={current.url}
            download=""
            aria-label={t('media_viewer.download')}
            title={t('media_viewer.download')}
          >
            <PathIcon path={ICONS.download} size={18} />
          </a>
          {postPath && (
            <Link
              className="media-viewer__tool"
              to={postPath}
              aria-label={t('media_viewer.view_post')}
              title={t('media_viewer.view_post')}
              onClick={onClose}
            >
              <PathIcon path={ICONS.post} size={18} />
            </Link>
          )}
          <button
            type="button"
            className="media-viewer__tool media-viewer__close"
            aria-label={t('common.close')}
            title={t('common.close')}
            data-autofocus
            onClick={onClose}
          >
            <Icon name="close" size={22} />
          </button>
        </div>
      </div>
      <div
        className="media-viewer__stage"
        onClick={closeOnBackdrop}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
      >
        <FullMedia key={current.id} media={current} playerRef={playerRef} view={view} onView={setView} />
        {several &&
          (['previous', 'next'] as const).map((direction) => (
            <button
              key={direction}
              type="button"
              className={`media-viewer__nav media-viewer__nav--${direction}`}
              aria-label={t(`media_viewer.${direction}`)}
              title={t(`media_viewer.${direction}`)}
              onClick={() => go(direction === 'next' ? 1 : -1)}
            >
              <PathIcon path={ICONS[direction]} size={32} />
            </button>
          ))}
      </div>
      <div className="media-viewer__caption" onClick={closeOnBackdrop}>
        {current.description && (
          <p className="media-viewer__description" lang={language ?? undefined}>
            {current.description}
          </p>
        )}
      </div>
    </div>,
    document.body,
  );
}
