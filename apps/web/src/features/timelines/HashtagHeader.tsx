import './hashtag-header.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { Button } from '../../components/Button';
import { ErrorMessage } from '../../components/States';
import { relationshipKeys } from '../relationships';
import { tags } from './api';
import { historyUsage } from './history-usage';
import { timelineKeys } from './query-keys';

/** "#tag", its use over the week and, for a signed-in user, Follow / Unfollow hashtag. */
export function HashtagHeader({ tag }: { tag: string }) {
  const t = useT();
  const client = useQueryClient();
  const { identity } = useInitialState();
  const queryKey = timelineKeys.tag(tag);
  const info = useQuery({ queryKey, queryFn: ({ signal }) => tags.get(tag, signal) });
  const follow = useMutation({
    mutationFn: (next: boolean) => tags.setFollowing(tag, next),
    onSuccess: (saved) => {
      client.setQueryData(queryKey, saved);
      void client.invalidateQueries({ queryKey: relationshipKeys.followedTags });
    },
  });
  const usage = info.data ? historyUsage(info.data.history) : null;
  const following = info.data?.following ?? false;
  return (
    <div className="timeline-header">
      <div className="timeline-header__text">
        <h2 className="timeline-header__title">#{info.data?.name ?? tag}</h2>
        {usage && (
          <p className="timeline-header__meta">
            {[
              t('hashtag.posts', { count: usage.posts }),
              t('hashtag.participants', { count: usage.participants }),
              t('hashtag.today', { count: usage.today }),
            ].join(' · ')}
          </p>
        )}
        {follow.isError && <ErrorMessage error={follow.error} />}
      </div>
      {identity.signedIn && info.isSuccess && (
        <Button
          variant={following ? 'secondary' : 'primary'}
          busy={follow.isPending}
          onClick={() => follow.mutate(!following)}
        >
          <Msg id={following ? 'hashtag.unfollow' : 'hashtag.follow'} />
        </Button>
      )}
    </div>
  );
}
