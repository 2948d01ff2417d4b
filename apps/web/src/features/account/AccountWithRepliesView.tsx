import './account.css';
import { AccountColumn } from './AccountColumn';
import { AccountStatuses } from './AccountStatuses';

export function AccountWithRepliesView() {
  return (
    <AccountColumn
      render={(account) => (
        <AccountStatuses account={account} listKey="replies" query={{}} empty="empty.account_posts" />
      )}
    />
  );
}
