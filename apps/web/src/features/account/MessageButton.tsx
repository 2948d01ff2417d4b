import type { Account } from '@palchat/api';
import { Msg } from '../../platform/i18n/Msg';
import { useInitialState } from '../../platform/initial-state-context';
import { Button } from '../../components/Button';
import { requestChatWith } from '../messages';
import { useRelationship } from './use-account';

/**
 * Opens the chat with this person in the message box; the first message sent creates it (SPEC §4). Only for
 * someone else's profile when signed in, and not while either of the two blocks the other.
 */
export function MessageButton({ account }: { account: Account }) {
  const { identity } = useInitialState();
  const enabled = identity.signedIn && identity.accountId !== account.id;
  const relationship = useRelationship(account.id, enabled);
  const state = relationship.data;
  if (!enabled || !state || state.blocking || state.blocked_by) return null;
  return (
    <Button
      variant="secondary"
      onClick={() =>
        requestChatWith({
          id: account.id,
          username: account.username,
          display_name: account.display_name,
          avatar: account.avatar,
          acct: account.acct,
          verified: false,
          is_online: false,
        })
      }
    >
      <Msg id="account.message" />
    </Button>
  );
}
