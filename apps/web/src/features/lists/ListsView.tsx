import { Link } from 'react-router';
import { useLists } from '../../api/queries';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { ButtonLink } from '../../components/Button';
import { Column, ColumnHeader } from '../../components/Column';
import { Icon } from '../../components/Icon';
import { RequireSignIn } from '../../components/RequireSignIn';
import { EmptyState, ErrorMessage, LoadingIndicator } from '../../components/States';

export function ListsView() {
  const t = useT();
  const lists = useLists();
  const sorted = [...(lists.data ?? [])].sort((a, b) => a.title.localeCompare(b.title));
  return (
    <RequireSignIn icon="list" title={t('column.lists')}>
      <Column label={t('column.lists')}>
        <ColumnHeader
          icon="list"
          title={t('column.lists')}
          actions={
            <ButtonLink to="/lists/new" variant="secondary">
              <Icon name="add" size={18} />
              <Msg id="lists.new" />
            </ButtonLink>
          }
        />
        {lists.isPending ? (
          <LoadingIndicator />
        ) : lists.isError ? (
          <ErrorMessage error={lists.error} onRetry={() => void lists.refetch()} />
        ) : sorted.length === 0 ? (
          <EmptyState icon="list">
            <Msg id="empty.lists" />
          </EmptyState>
        ) : (
          <ul className="plain-list">
            {sorted.map((list) => (
              <li key={list.id}>
                <Link to={`/lists/${list.id}`} className="list-link">
                  <Icon name="list" size={20} />
                  <span>{list.title}</span>
                  <Icon name="chevronRight" size={20} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Column>
    </RequireSignIn>
  );
}
