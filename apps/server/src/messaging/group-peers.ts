import { MessagingErrorCode, MessagingText } from '@palchat/api';
import type { AppContext } from '../context.js';
import type { AccountsTable } from '../db/schema.js';
import { peerChatVersion } from '../federation/chat/peers.js';
import { GROUP_CHAT_VERSION } from '../federation/chat/vocabulary.js';
import { unprocessable } from '../http/errors.js';

/**
 * A group chat lives on its creator's server and is relayed to its members' servers by its Group actor, which
 * only Palchat servers speaking version 2 of the chat vocabulary follow (docs/FEDERATION.md). Someone on any other
 * server cannot really be in a group: they are refused with a 422 naming them (a one-to-one chat with them still
 * works, as direct Notes).
 */
export async function requireGroupMembersReachable(
  ctx: AppContext,
  accounts: readonly Pick<AccountsTable, 'uri' | 'domain' | 'username'>[],
): Promise<void> {
  for (const account of accounts) {
    if (!account.domain) continue;
    if ((await peerChatVersion(ctx, account)) < GROUP_CHAT_VERSION)
      throw unprocessable(
        MessagingText.groupNotSupportedBy(`${account.username}@${account.domain}`),
        MessagingErrorCode.groupNotSupported,
      );
  }
}
