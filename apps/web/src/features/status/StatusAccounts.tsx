import type { Account } from '@palchat/api';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { AccountRow } from '../../components/AccountRow';
import { Column, ColumnHeader } from '../../components/Column';
import { PagedList } from '../../components/PagedList';
import { NotFoundView } from '../errors';
import { statusKeys } from './query-keys';
import { useStatusId } from './use-status-id';

export function StatusAccounts({ relation }: { relation: 'reblogged_by' | 'favourited_by' }) {
  const t = useT();
  const id = useStatusId();
  if (id === null) return <NotFoundView />;
  const title = t(relation === 'reblogged_by' ? 'column.reblogged_by' : 'column.favourited_by');
  return (
    <Column label={title}>
      <ColumnHeader icon={relation === 'reblogged_by' ? 'repeat' : 'star'} title={title} showBack />
      <PagedList<Account>
        queryKey={statusKeys.accounts(id, relation)}
        path={`/api/v1/statuses/${id}/${relation}`}
        itemKey={(account) => account.id}
        renderItem={(account) => <AccountRow account={account} />}
        empty={<Msg id={relation === 'reblogged_by' ? 'empty.reblogged_by' : 'empty.favourited_by'} />}
      />
    </Column>
  );
}
