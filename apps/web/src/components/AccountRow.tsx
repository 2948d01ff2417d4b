import './account-row.css';
import type { Account } from '@palchat/api';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from './Avatar';
import { DisplayName } from './DisplayName';

export function AccountRow({ account, actions }: { account: Account; actions?: ReactNode }) {
  return (
    <div className="account-row">
      <Link to={`/@${account.acct}`} className="account-row__link" data-hover-card-account={account.id}>
        <Avatar src={account.avatar} size={40} />
        <DisplayName account={account} />
      </Link>
      {actions && <div className="account-row__actions">{actions}</div>}
    </div>
  );
}
