import type { Status } from '@palchat/api';
import type { ReactNode } from 'react';
import type { QueryValue } from '../../api/client';
import { Column, ColumnHeader } from '../../components/Column';
import type { IconName } from '../../components/icons';
import { PagedList } from '../../components/PagedList';
import { LazyStatusCard as StatusCard } from '../../components/LazyStatusCard';

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
}

/** A column of statuses: header, then the server's pages, or the empty message when the answer is empty. */
export function Timeline(props: TimelineProps) {
  return (
    <Column label={props.title}>
      <ColumnHeader
        icon={props.icon}
        title={props.title}
        showBack={props.showBack}
        actions={props.headerActions}
      />
      {props.prepend}
      <PagedList<Status>
        queryKey={['timeline', props.timelineId, props.query ?? {}]}
        path={props.path}
        query={props.query}
        itemKey={(status) => status.id}
        renderItem={(status) => <StatusCard status={status} />}
        empty={props.empty}
      />
    </Column>
  );
}
