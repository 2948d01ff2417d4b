import type { Account } from '@palchat/api';
import { useState } from 'react';
import type { PinnedColumnProps } from '../../platform/pinned-column-context';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { AccountRow } from '../../components/AccountRow';
import { Column, ColumnHeader } from '../../components/Column';
import { PagedList } from '../../components/PagedList';
import { FollowButton } from '../account';
import { directoryKeys } from './query-keys';

function Directory({ showBack }: { showBack: boolean }) {
  const t = useT();
  const [order, setOrder] = useState<'active' | 'new'>('active');
  const [local, setLocal] = useState(true);
  return (
    <Column label={t('column.directory')}>
      <ColumnHeader icon="people" title={t('column.directory')} showBack={showBack} />
      <div className="filter-bar" role="group" aria-label={t('directory.filters')}>
        <label>
          <span className="visually-hidden">{t('directory.order')}</span>
          <select value={order} onChange={(event) => setOrder(event.target.value as 'active' | 'new')}>
            <option value="active">{t('directory.recently_active')}</option>
            <option value="new">{t('directory.new_arrivals')}</option>
          </select>
        </label>
        <label>
          <span className="visually-hidden">{t('directory.scope')}</span>
          <select
            value={local ? 'local' : 'all'}
            onChange={(event) => setLocal(event.target.value === 'local')}
          >
            <option value="local">{t('directory.local')}</option>
            <option value="all">{t('directory.federated')}</option>
          </select>
        </label>
      </div>
      <PagedList<Account>
        queryKey={directoryKeys.accounts(order, local)}
        path="/api/v1/directory"
        query={{ order, local, limit: 40 }}
        itemKey={(account) => account.id}
        renderItem={(account) => (
          <AccountRow account={account} actions={<FollowButton accountId={account.id} />} />
        )}
        empty={<Msg id="empty.directory" />}
      />
    </Column>
  );
}

export const DirectoryView = () => <Directory showBack />;
export const DirectoryColumn = (_: PinnedColumnProps) => <Directory showBack={false} />;
