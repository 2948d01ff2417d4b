import { useParams } from 'react-router';
import type { PinnedColumnProps } from '../../platform/pinned-column-context';
import { Msg } from '../../platform/i18n/Msg';
import { FILTER_SCOPES } from '../filters';
import { HashtagHeader } from './HashtagHeader';
import { Timeline } from './Timeline';
import { columnParamId } from '../../platform/column-params';

/** A hashtag's timeline under its header (use over the week, follow): /tags/:id and pinned hashtag columns. */
function HashtagTimeline({ tag }: { tag: string }) {
  return (
    <Timeline
      timelineId={`hashtag:${tag.toLowerCase()}`}
      path={`/api/v1/timelines/tag/${encodeURIComponent(tag)}`}
      filterScope={FILTER_SCOPES.public}
      stream={{ stream: 'hashtag', tag }}
      icon="tag"
      title={`#${tag}`}
      showBack
      prepend={<HashtagHeader tag={tag} />}
      empty={<Msg id="empty.hashtag" />}
    />
  );
}

export function HashtagView() {
  const { id = '' } = useParams();
  return <HashtagTimeline tag={id} />;
}

export const HashtagColumn = ({ params }: PinnedColumnProps) => (
  <HashtagTimeline tag={columnParamId(params)} />
);
