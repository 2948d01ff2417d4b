import './status.css';
import type { Poll as PollEntity, Status } from '@palchat/api';
// eslint-disable-next-line no-restricted-imports -- what a status renders itself is part of the first screen
import { lazy, memo, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useRouteLinkClick } from '../../platform/route-links';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Avatar } from '../../components/Avatar';
import { DisplayName } from '../../components/DisplayName';
import { Icon } from '../../components/Icon';
import { RelativeTime } from '../../components/RelativeTime';
import { FilteredStatusBar, useFilterVerdict } from '../filters';
import { mediaStartsRevealed, useReadingSettings } from '../settings';
import { EditedMarker } from './EditHistory';
import { QuotedStatus } from './QuotedStatus';
import { StatusActions } from './StatusActions';
import { StatusContent } from './StatusContent';
import { TranslateBar } from './TranslateBar';
import { useTranslatedStatus } from './translation';
import { setStatusViewChoices, useStatusViewChoices } from './view-state';

// media (with the blurhash decoder), polls and link previews load with the first status that has them
const MediaGallery = lazy(async () => ({ default: (await import('./MediaGallery')).MediaGallery }));
const Poll = lazy(async () => ({ default: (await import('./Poll')).Poll }));
const PreviewCard = lazy(() => import('./PreviewCard'));

function isPoll(value: unknown): value is PollEntity {
  return typeof value === 'object' && value !== null && 'options' in value && 'id' in value;
}

interface StatusCardProps {
  status: Status;
  /** the focused status of a thread: larger text, full date */
  focused?: boolean;
}

/**
 * A status: boost header, reply indicator, author, content warning, content, media, poll and actions; or,
 * when the viewer's filters match it here (features/filters), nothing or a collapsed "Filtered" bar.
 * `data-status-id` and the tab stop let the keyboard shortcuts (features/keyboard) act on it.
 */
/** The date and time of the thread's focused post, in the reader's locale. */
function FullDate({ iso }: { iso: string }) {
  const intl = useIntl();
  return <time dateTime={iso}>{intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' })}</time>;
}

function StatusCardView({ status, focused }: StatusCardProps) {
  const t = useT();
  // the header's links are plain anchors with one handler: Link's hooks, twice a card, weigh on the heap
  const followLink = useRouteLinkClick();
  const shown = status.reblog ?? status;
  // the translated text, warning, media descriptions and poll while "Translate" is on
  const displayed = useTranslatedStatus(shown);
  const reading = useReadingSettings();
  const choices = useStatusViewChoices(shown.id);
  const expanded = choices?.expanded ?? reading.expandSpoilers;
  const mediaRevealed = choices?.mediaRevealed ?? mediaStartsRevealed(shown.sensitive, reading.displayMedia);
  const permalink = `/@${shown.account.acct}/${shown.id}`;
  const hasWarning = shown.spoiler_text.length > 0;
  const hidden = hasWarning && !expanded;
  const filterVerdict = useFilterVerdict(status);
  const filterOverridden = useStatusViewChoices(status.id)?.filterOverridden ?? false;
  // lists drop hidden statuses beforehand (no empty rows); this covers threads and notification groups
  if (filterVerdict?.action === 'hide') return null;
  if (filterVerdict?.action === 'warn' && !filterOverridden)
    return (
      <FilteredStatusBar
        status={status}
        titles={filterVerdict.titles}
        onReveal={() => setStatusViewChoices(status.id, { filterOverridden: true })}
      />
    );
  return (
    <article
      className={focused ? 'status status--focused' : 'status'}
      aria-labelledby={`status-${status.id}-author`}
      data-status-id={shown.id}
      data-permalink={permalink}
      data-account-acct={shown.account.acct}
      tabIndex={0}
    >
      {status.reblog && (
        <div className="status__prepend">
          <Icon name="repeat" size={16} />
          <a
            href={`/@${status.account.acct}`}
            data-hover-card-account={status.account.id}
            onClick={followLink}
          >
            <Msg
              id="status.boosted_by"
              values={{ name: <bdi>{status.account.display_name || status.account.username}</bdi> }}
            />
          </a>
        </div>
      )}
      {!status.reblog && shown.in_reply_to_id && (
        <div className="status__prepend">
          <Icon name="reply" size={16} />
          <a href={`/statuses/${shown.in_reply_to_id}`} onClick={followLink}>
            <Msg id="status.in_reply_to" />
          </a>
        </div>
      )}
      <div className="status__header">
        <a
          href={`/@${shown.account.acct}`}
          className="status__author"
          id={`status-${status.id}-author`}
          data-hover-card-account={shown.account.id}
          onClick={followLink}
        >
          <Avatar src={shown.account.avatar} size={46} />
          <DisplayName account={shown.account} />
        </a>
        <a href={permalink} className="status__time" data-action="open" onClick={followLink}>
          <RelativeTime iso={shown.created_at} />
        </a>
        <EditedMarker status={shown} />
      </div>
      {hasWarning && (
        <div className="status__spoiler">
          <p dir="auto">{displayed.spoiler_text}</p>
          <button
            type="button"
            className="status__spoiler-toggle"
            data-action="toggle-hidden"
            aria-expanded={expanded}
            onClick={() => {
              // as on Mastodon 4.3+, expanding a content warning also reveals its media
              setStatusViewChoices(
                shown.id,
                expanded ? { expanded: false } : { expanded: true, mediaRevealed: true },
              );
            }}
          >
            {t(expanded ? 'status.show_less' : 'status.show_more')}
          </button>
        </div>
      )}
      {!hidden && (
        <>
          <StatusContent status={displayed} />
          <TranslateBar status={shown} />
          <QuotedStatus quote={shown.quote} />
          <Suspense
            fallback={
              shown.media_attachments.length > 0 ? <div className="media-gallery" aria-busy="true" /> : null
            }
          >
            {shown.media_attachments.length > 0 && (
              <MediaGallery
                status={displayed}
                revealed={mediaRevealed}
                onToggle={() => setStatusViewChoices(shown.id, { mediaRevealed: !mediaRevealed })}
              />
            )}
            {isPoll(displayed.poll) && <Poll poll={displayed.poll} statusId={shown.id} />}
            {shown.card && shown.media_attachments.length === 0 && <PreviewCard card={shown.card} />}
          </Suspense>
        </>
      )}
      {focused && (
        <div className="status__meta">
          <FullDate iso={shown.created_at} />
          {' · '}
          <Link to={`${permalink}/reblogs`}>
            <Msg id="status.reblogs_count" values={{ count: shown.reblogs_count }} />
          </Link>
          {' · '}
          <Link to={`${permalink}/favourites`}>
            <Msg id="status.favourites_count" values={{ count: shown.favourites_count }} />
          </Link>
          {' · '}
          <Link to={`${permalink}/quotes`}>
            <Msg id="status.quotes_count" values={{ count: shown.quotes_count ?? 0 }} />
          </Link>
        </div>
      )}
      <StatusActions status={shown} />
    </article>
  );
}

export const StatusCard = memo(StatusCardView);
export default StatusCard;
