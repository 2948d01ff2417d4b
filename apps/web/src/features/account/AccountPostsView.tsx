import './account.css';
import type { Account } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import { Msg } from '../../platform/i18n/Msg';
import { Icon } from '../../components/Icon';
import { StatusCard } from '../../components/StatusCard';
import { AccountColumn } from './AccountColumn';
import { accounts } from './api';
import { accountKeys } from './query-keys';
import { AccountStatuses } from './AccountStatuses';

/** The account's pinned posts, each labelled "Pinned", above its posts (GET …/statuses?pinned=true). */
function PinnedStatuses({ account }: { account: Account }) {
  const pinned = useQuery({
    queryKey: accountKeys.pinnedStatuses(account.id),
    queryFn: ({ signal }) => accounts.pinnedStatuses(account.id, signal),
  });
  if (!pinned.data?.length) return null;
  return (
    <div className="pinned-statuses">
      {pinned.data.map((status) => (
        <div key={status.id} className="pinned-status">
          <div className="status__prepend pinned-status__label">
            <Icon name="pin" size={16} />
            <Msg id="account.pinned" />
          </div>
          <StatusCard status={status} />
        </div>
      ))}
    </div>
  );
}

export function AccountPostsView() {
  return (
    <AccountColumn
      render={(account) => (
        <AccountStatuses
          account={account}
          listKey="posts"
          query={{ exclude_replies: true }}
          empty="empty.account_posts"
          header={<PinnedStatuses account={account} />}
        />
      )}
    />
  );
}
