import type { Account } from '@palchat/api';

export function DisplayName({ account, withAcct = true }: { account: Account; withAcct?: boolean }) {
  return (
    <span className="display-name">
      <bdi className="display-name__name">{account.display_name || account.username}</bdi>
      {withAcct && <span className="display-name__acct">@{account.acct}</span>}
    </span>
  );
}
