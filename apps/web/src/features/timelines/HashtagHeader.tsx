import './hashtag-header.css';
import type { Tag } from '@palchat/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { Button } from '../../components/Button';
import { ErrorMessage } from '../../components/States';
import { historyUsage } from './history-usage';

/** "#tag", its use over the week and, for a signed-in user, Follow / Unfollow hashtag. */
export function HashtagHeader({ tag }: { tag: string }) {
  const t = useT();
  const client = useQueryClient();
  const { identity } = useInitialState();
  const queryKey = ['tag', tag.toLowerCase()];
  const path = `/api/v1/tags/${encodeURIComponent(tag)}`;
  const info = useQuery({ queryKey, queryFn: ({ signal }) => api.get<Tag>(path, { signal }) });
  const follow = useMutation({
    mutationFn: (next: boolean) => api.post<Tag>(`${path}/${next ? 'follow' : 'unfollow'}`),
    onSuccess: (saved) => {
      client.setQueryData(queryKey, saved);
      void client.invalidateQueries({ queryKey: ['followed-tags'] });
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
