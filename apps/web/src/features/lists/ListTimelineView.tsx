import { Link, useParams } from 'react-router';
import type { PinnedColumnProps } from '../../platform/pinned-column-context';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Icon } from '../../components/Icon';
import { RequireSignIn } from '../../components/RequireSignIn';
import { FILTER_SCOPES } from '../filters';
import { Timeline } from '../timelines';
import { columnParamId } from '../../platform/column-params';
import { useList } from './use-list';

function ListTimeline({ id }: { id: string }) {
  const t = useT();
  const list = useList(id);
  return (
    <Timeline
      timelineId={`list:${id}`}
      path={`/api/v1/timelines/list/${id}`}
      filterScope={FILTER_SCOPES.home}
      stream={{ stream: 'list', list: id }}
      icon="list"
      title={list.data?.title ?? t('column.list')}
      showBack
      headerActions={
        <Link
          to={`/lists/${id}/edit`}
          className="icon-button"
          aria-label={t('lists.edit')}
          title={t('lists.edit')}
        >
          <Icon name="edit" size={20} />
        </Link>
      }
      empty={<Msg id="empty.list" />}
    />
  );
}

export function ListTimelineView() {
  const t = useT();
  const { id = '' } = useParams();
  return (
    <RequireSignIn icon="list" title={t('column.list')}>
      <ListTimeline id={id} />
    </RequireSignIn>
  );
}

export const ListColumn = ({ params }: PinnedColumnProps) => <ListTimeline id={columnParamId(params)} />;
