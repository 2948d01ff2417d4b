import './poll.css';
import type { Poll as PollEntity } from '@palchat/api';
import { Fragment, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { useFullDateTitle } from '../../components/RelativeTime';
import { relativeUnit } from '../../components/time-labels';
import { ErrorMessage } from '../../components/States';
import { useRefreshPoll, useVote } from './use-status-actions';
import { setStatusViewChoices, useStatusViewChoices } from './view-state';

function percent(votes: number | null, total: number): number {
  if (!votes || total === 0) return 0;
  return Math.round((votes / total) * 100);
}

/** The current time, refreshed every second in a poll's last minute and every 30 seconds before. */
function useNow(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = until === null ? null : until - now;
  const every = left === null || left <= 0 ? null : left < 60_000 ? 1000 : 30_000;
  useEffect(() => {
    if (every === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), every);
    return () => window.clearInterval(timer);
  }, [every]);
  return now;
}

/** "Closes in 3 hours", counted down live, or "Closed". */
function Expiry({ closesAt, now, closed }: { closesAt: number | null; now: number; closed: boolean }) {
  const intl = useIntl();
  const showFullDate = useFullDateTitle(closesAt ?? 0);
  if (closed || closesAt === null) return <Msg id="poll.closed" />;
  const [value, unit] = relativeUnit(Math.max(1, Math.round((closesAt - now) / 1000)));
  return (
    <time dateTime={new Date(closesAt).toISOString()} onPointerEnter={showFullDate}>
      <Msg id="poll.closes" values={{ time: intl.formatRelativeTime(value, unit) }} />
    </time>
  );
}

/**
 * A poll: radio buttons (one choice) or checkboxes (several) until the viewer voted or it closed, then the
 * results with the leading answer and the viewer's own choices marked. "Show results" peeks before voting;
 * "Refresh" fetches the current counts, and a poll that closes while on screen fetches its final ones.
 */
export function Poll({ poll, statusId }: { poll: PollEntity; statusId: string }) {
  const t = useT();
  const { identity } = useInitialState();
  const vote = useVote();
  const refresh = useRefreshPoll();
  // kept by status id: the row may remount before the vote is sent (a list handing over, scrolling back)
  const choices = useStatusViewChoices(statusId)?.pollChoices ?? [];
  const [peeking, setPeeking] = useState(false);
  const closesAt = poll.expires_at ? Date.parse(poll.expires_at) : null;
  const now = useNow(closesAt);
  const closed = poll.expired || (closesAt !== null && closesAt <= now);
  const canVote = identity.signedIn && !closed && poll.voted !== true;
  const showResults = !canVote || peeking;
  const total = poll.multiple ? (poll.voters_count ?? poll.votes_count) : poll.votes_count;
  const leading = Math.max(0, ...poll.options.map((option) => option.votes_count ?? 0));
  const name = `poll-${poll.id}`;

  // the poll closed while on screen: its final counts replace the last ones seen
  const closedHere = closed && !poll.expired;
  const { mutate: refetch } = refresh;
  useEffect(() => {
    if (closedHere) refetch({ statusId, pollId: poll.id });
  }, [closedHere, refetch, statusId, poll.id]);

  function pick(index: number, checked: boolean) {
    const next = !poll.multiple
      ? [index]
      : checked
        ? [...choices, index]
        : choices.filter((at) => at !== index);
    setStatusViewChoices(statusId, { pollChoices: next });
  }

  return (
    <div className="poll">
      <ul className="poll__options">
        {poll.options.map((option, index) => (
          <li key={index} className="poll__option">
            {showResults ? (
              <div
                className={
                  leading > 0 && option.votes_count === leading
                    ? 'poll__result poll__result--leading'
                    : 'poll__result'
                }
              >
                <span
                  className="poll__bar"
                  style={{ width: `${percent(option.votes_count, total)}%` }}
                  aria-hidden="true"
                />
                <span className="poll__percent">{percent(option.votes_count, total)}%</span>
                <span className="poll__title" dir="auto">
                  {option.title}
                </span>
                {poll.own_votes?.includes(index) && (
                  <span className="poll__own-vote" title={t('poll.voted')}>
                    <Icon name="check" size={16} />
                    <span className="visually-hidden">{t('poll.voted')}</span>
                  </span>
                )}
              </div>
            ) : (
              <label className="poll__choice">
                <input
                  type={poll.multiple ? 'checkbox' : 'radio'}
                  name={name}
                  checked={choices.includes(index)}
                  onChange={(event) => pick(index, event.target.checked)}
                />
                <span dir="auto">{option.title}</span>
              </label>
            )}
          </li>
        ))}
      </ul>
      <div className="poll__footer">
        {canVote && !peeking && (
          <Button
            variant="secondary"
            disabled={choices.length === 0}
            busy={vote.isPending}
            onClick={() => vote.mutate({ statusId, pollId: poll.id, choices })}
          >
            <Msg id="poll.vote" />
          </Button>
        )}
        <span className="poll__meta">
          {[
            <Msg
              key="voters"
              id="poll.total_people"
              values={{ count: poll.voters_count ?? poll.votes_count }}
            />,
            (closed || closesAt !== null) && (
              <Expiry key="expiry" closesAt={closesAt} now={now} closed={closed} />
            ),
            !closed && (
              <button
                key="refresh"
                type="button"
                className="poll__link"
                disabled={refresh.isPending}
                onClick={() => refresh.mutate({ statusId, pollId: poll.id })}
              >
                {t('poll.refresh')}
              </button>
            ),
            canVote && (
              <button
                key="peek"
                type="button"
                className="poll__link"
                aria-pressed={peeking}
                onClick={() => setPeeking(!peeking)}
              >
                {t(peeking ? 'poll.hide_results' : 'poll.show_results')}
              </button>
            ),
          ]
            .filter(Boolean)
            .map((part, index) => (
              <Fragment key={index}>
                {index > 0 && <span aria-hidden="true"> · </span>}
                {part}
              </Fragment>
            ))}
        </span>
      </div>
      {vote.isError && <ErrorMessage error={vote.error} />}
      {refresh.isError && <ErrorMessage error={refresh.error} />}
    </div>
  );
}
