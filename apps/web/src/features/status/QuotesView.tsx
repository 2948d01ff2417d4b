import type { Status } from '@palchat/api';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Column, ColumnHeader } from '../../components/Column';
import { PagedList } from '../../components/PagedList';
import { StatusCard } from './StatusCard';
import { NotFoundView } from '../errors';
import { statusKeys } from './query-keys';
import { useStatusId } from './use-status-id';

/** The quotes of one's own post (Mastodon 4.5's GET /api/v1/statuses/:id/quotes answers its author only). */
export function QuotesView() {
  const t = useT();
  const id = useStatusId();
  if (id === null) return <NotFoundView />;
  return (
    <Column label={t('column.quotes')}>
      <ColumnHeader icon="repeat" title={t('column.quotes')} showBack />
      <PagedList<Status>
        queryKey={statusKeys.quotes(id)}
        path={`/api/v1/statuses/${id}/quotes`}
        itemKey={(status) => status.id}
        renderItem={(status) => <StatusCard status={status} />}
        empty={<Msg id="empty.quotes" />}
      />
    </Column>
  );
}
