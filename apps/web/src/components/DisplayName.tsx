import type { Account } from '@palchat/api';
import { EmojiText } from '../features/emoji/EmojiText';

export function DisplayName({ account, withAcct = true }: { account: Account; withAcct?: boolean }) {
  return (
    <span className="display-name">
      <bdi className="display-name__name">
        <EmojiText text={account.display_name || account.username} />
      </bdi>
      {withAcct && <bdi className="display-name__acct">@{account.acct}</bdi>}
    </span>
  );
}
