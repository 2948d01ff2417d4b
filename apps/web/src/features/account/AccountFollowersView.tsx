import './account.css';
import { AccountColumn } from './AccountColumn';
import { AccountsOf } from './AccountsOf';

export function AccountFollowersView() {
  return <AccountColumn render={(account) => <AccountsOf account={account} relation="followers" />} />;
}
