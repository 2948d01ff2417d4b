import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { useT } from '../../platform/i18n/use-t';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { StatusCard } from './StatusCard';
import { ErrorMessage, LoadingIndicator } from '../../components/States';
import { NotFoundView } from '../errors';
import { FILTER_SCOPES, FilterScopeContext } from '../filters';
import { statuses } from './api';
import { statusKeys } from './query-keys';
import { useStatusId } from './use-status-id';

export function StatusView() {
  const t = useT();
  const id = useStatusId();
  const status = useQuery({
    queryKey: statusKeys.one(id),
    enabled: id !== null,
    queryFn: ({ signal }) => statuses.get(id ?? '', signal),
  });
  const context = useQuery({
    queryKey: statusKeys.context(id),
    enabled: id !== null && status.isSuccess,
    queryFn: ({ signal }) => statuses.context(id ?? '', signal),
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
