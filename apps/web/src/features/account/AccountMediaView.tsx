import './account.css';
import { AccountColumn } from './AccountColumn';
import { AccountStatuses } from './AccountStatuses';

export function AccountMediaView() {
  return (
    <AccountColumn
      render={(account) => (
        <AccountStatuses
          account={account}
          listKey="media"
          query={{ only_media: true }}
          empty="empty.account_media"
        />
      )}
    />
  );
}
