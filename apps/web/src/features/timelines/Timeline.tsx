import './timelines.css';
import type { Status } from '@palchat/api';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { QueryValue } from '../../api/client';
import { useT } from '../../platform/i18n/use-t';
import { Column, ColumnHeader } from '../../components/Column';
import type { IconName } from '../../components/icons';
import { PagedList } from '../../components/PagedList';
import { LazyStatusCard as StatusCard } from '../../components/LazyStatusCard';
import type { FilterScope } from '../filters';
import { FilterScopeContext, useKeepUnfiltered } from '../filters';
import { usePendingCount } from './pending-store';
import type { StreamParams } from '../../api/streaming';
import { timelineKeys } from './query-keys';
import { showPending, useTimelineStream } from './use-timeline-stream';

export interface TimelineProps {
  /** cache key of this feed, e.g. "home" or "hashtag:cats" */
  timelineId: string;
  path: string;
  query?: Record<string, QueryValue>;
  icon: IconName;
  title: string;
  empty: ReactNode;
  showBack?: boolean;
  headerActions?: ReactNode;
  /** rendered between the header and the statuses (tabs, descriptions) */
  prepend?: ReactNode;
  /** the streaming channel that feeds this timeline live */
  stream?: StreamParams;
  /** how the viewer's filters apply here (FILTER_SCOPES); none: statuses show unfiltered */
  filterScope?: FilterScope;
}

function NewPostsButton({ timelineId, onShow }: { timelineId: string; onShow: () => void }) {
  const t = useT();
  const count = usePendingCount(timelineId);
  if (count === 0) return null;
  return (
    <button type="button" className="new-posts" onClick={onShow}>
      {t('timeline.new_posts', { count })}
    </button>
  );
}

/** A column of statuses: header, live "N new posts" button, then the server's pages. */
export function Timeline(props: TimelineProps) {
  const client = useQueryClient();
  const queryKey = timelineKeys.pages(props.timelineId, props.query);
  const live = useTimelineStream(props.timelineId, queryKey, props.stream, {
    path: props.path,
    query: props.query,
  });
  const keepUnfiltered = useKeepUnfiltered(props.filterScope ?? null);
  return (
    <Column label={props.title}>
      <ColumnHeader
        icon={props.icon}
        title={props.title}
        showBack={props.showBack}
        actions={props.headerActions}
      />
      {props.prepend}
      <NewPostsButton
        timelineId={props.timelineId}
        onShow={() => {
          showPending(client, props.timelineId, queryKey);
          window.scrollTo({ top: 0 });
          document
            .querySelector(`[aria-label="${CSS.escape(props.title)}"].column--scroll`)
            ?.scrollTo({ top: 0 });
        }}
      />
      <FilterScopeContext.Provider value={props.filterScope ?? null}>
        <PagedList<Status>
          queryKey={queryKey}
          path={props.path}
          query={props.query}
          filter={keepUnfiltered}
          // a live timeline is kept current by its stream and caught up when shown again, not read again whole
          staleTime={live ? Infinity : 0}
          itemKey={(status) => status.id}
          renderItem={(status) => <StatusCard status={status} />}
          empty={props.empty}
        />
      </FilterScopeContext.Provider>
    </Column>
  );
}
