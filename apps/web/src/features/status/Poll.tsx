import type { Poll as PollEntity } from '@palchat/api';
import { useState } from 'react';
import { Msg } from '../../app/i18n/Msg';
import { useT } from '../../app/i18n/use-t';
import { useInitialState } from '../../app/initial-state-context';
import { Button } from '../../components/Button';
import { ErrorMessage } from '../../components/States';
import { useVote } from './use-status-actions';

function percent(votes: number | null, total: number): number {
  if (!votes || total === 0) return 0;
  return Math.round((votes / total) * 100);
}

/** A poll: choices until the viewer voted or it ended, then the results. */
export function Poll({ poll, statusId }: { poll: PollEntity; statusId: string }) {
  const t = useT();
  const { identity } = useInitialState();
  const vote = useVote();
  const [choices, setChoices] = useState<number[]>([]);
  const showResults = poll.voted === true || poll.expired || !identity.signedIn;
  const total = poll.multiple ? (poll.voters_count ?? poll.votes_count) : poll.votes_count;
  const name = `poll-${poll.id}`;

  function pick(index: number, checked: boolean) {
    if (!poll.multiple) setChoices([index]);
    else setChoices((current) => (checked ? [...current, index] : current.filter((at) => at !== index)));
  }

  return (
    <div className="poll">
      <ul className="poll__options">
        {poll.options.map((option, index) => (
          <li key={index} className="poll__option">
            {showResults ? (
              <div className="poll__result">
                <span
                  className="poll__bar"
                  style={{ width: `${percent(option.votes_count, total)}%` }}
                  aria-hidden="true"
                />
                <span className="poll__percent">{percent(option.votes_count, total)}%</span>
                <span className="poll__title">{option.title}</span>
                {poll.own_votes?.includes(index) && (
                  <span className="visually-hidden">{t('poll.voted')}</span>
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
                <span>{option.title}</span>
              </label>
            )}
          </li>
        ))}
      </ul>
      <div className="poll__footer">
        {!showResults && (
          <Button
            variant="secondary"
            disabled={choices.length === 0}
            busy={vote.isPending}
            onClick={() => vote.mutate({ statusId, pollId: poll.id, choices })}
          >
            <Msg id="poll.vote" />
          </Button>
        )}
        <span className="muted">
          <Msg id="poll.total_people" values={{ count: poll.voters_count ?? poll.votes_count }} />
          {poll.expired && (
            <>
              {' · '}
              <Msg id="poll.closed" />
            </>
          )}
        </span>
      </div>
      {vote.isError && <ErrorMessage error={vote.error} />}
    </div>
  );
}
