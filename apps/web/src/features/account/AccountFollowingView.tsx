import './account.css';
import { AccountColumn } from './AccountColumn';
import { AccountsOf } from './AccountsOf';

export function AccountFollowingView() {
  return <AccountColumn render={(account) => <AccountsOf account={account} relation="following" />} />;
}
