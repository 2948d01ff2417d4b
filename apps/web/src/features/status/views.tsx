import type { Account, Status, StatusContext } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { api, ApiError } from '../../api/client';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { AccountRow } from '../../components/AccountRow';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { PagedList } from '../../components/PagedList';
import { StatusCard } from './StatusCard';
import { ErrorMessage, LoadingIndicator } from '../../components/States';
import { NotFoundView } from '../errors/ErrorViews';
import { FILTER_SCOPES } from '../filters/filter-rules';
import { FilterScopeContext } from '../filters/filter-scope';

/** /@:acct/:statusId needs the "@"; /statuses/:statusId does not. */
function useStatusId(): string | null {
  const { handle, statusId } = useParams();
  if (!statusId) return null;
  if (handle !== undefined && !handle.startsWith('@')) return null;
  return statusId;
}

export function StatusView() {
  const t = useT();
  const id = useStatusId();
  const status = useQuery({
    queryKey: ['status', id],
    enabled: id !== null,
    queryFn: ({ signal }) => api.get<Status>(`/api/v1/statuses/${id}`, { signal }),
  });
  const context = useQuery({
    queryKey: ['status-context', id],
    enabled: id !== null && status.isSuccess,
    queryFn: ({ signal }) => api.get<StatusContext>(`/api/v1/statuses/${id}/context`, { signal }),
  });
  if (id === null) return <NotFoundView />;
  if (status.error instanceof ApiError && status.error.status === 404) return <NotFoundView />;
  return (
    <Column label={t('column.thread')}>
      <ColumnHeader icon="reply" title={t('column.thread')} showBack />
      {status.isPending ? (
        <LoadingIndicator />
      ) : status.isError ? (
        <ColumnBody padded>
          <ErrorMessage error={status.error} onRetry={() => void status.refetch()} />
        </ColumnBody>
      ) : (
        <FilterScopeContext.Provider value={FILTER_SCOPES.thread}>
          <div className="thread">
            {context.data?.ancestors.map((ancestor) => (
              <StatusCard key={ancestor.id} status={ancestor} />
            ))}
            <div className="thread__focus" aria-current="true">
              {/* the post one opened is never hidden, at most collapsed behind its filter's warning */}
              <FilterScopeContext.Provider value={FILTER_SCOPES.opened}>
                <StatusCard status={status.data} focused />
              </FilterScopeContext.Provider>
            </div>
            {context.isError && <ErrorMessage error={context.error} />}
            {context.data?.descendants.map((descendant) => (
              <StatusCard key={descendant.id} status={descendant} />
            ))}
          </div>
        </FilterScopeContext.Provider>
      )}
    </Column>
  );
}

function StatusAccounts({ relation }: { relation: 'reblogged_by' | 'favourited_by' }) {
  const t = useT();
  const id = useStatusId();
  if (id === null) return <NotFoundView />;
  const title = t(relation === 'reblogged_by' ? 'column.reblogged_by' : 'column.favourited_by');
  return (
    <Column label={title}>
      <ColumnHeader icon={relation === 'reblogged_by' ? 'repeat' : 'star'} title={title} showBack />
      <PagedList<Account>
        queryKey={['status-accounts', id, relation]}
        path={`/api/v1/statuses/${id}/${relation}`}
        itemKey={(account) => account.id}
        renderItem={(account) => <AccountRow account={account} />}
        empty={<Msg id={relation === 'reblogged_by' ? 'empty.reblogged_by' : 'empty.favourited_by'} />}
      />
    </Column>
  );
}

/** The quotes of one's own post (Mastodon 4.5's GET /api/v1/statuses/:id/quotes answers its author only). */
export function QuotesView() {
  const t = useT();
  const id = useStatusId();
  if (id === null) return <NotFoundView />;
  return (
    <Column label={t('column.quotes')}>
      <ColumnHeader icon="repeat" title={t('column.quotes')} showBack />
      <PagedList<Status>
        queryKey={['status-quotes', id]}
        path={`/api/v1/statuses/${id}/quotes`}
        itemKey={(status) => status.id}
        renderItem={(status) => <StatusCard status={status} />}
        empty={<Msg id="empty.quotes" />}
      />
    </Column>
  );
}

export const RebloggedByView = () => <StatusAccounts relation="reblogged_by" />;
export const FavouritedByView = () => <StatusAccounts relation="favourited_by" />;
