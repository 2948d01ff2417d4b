import { MessagingErrorCode } from '@palchat/api';
import type { AppContext } from '../context.js';
import type { AccountsTable } from '../db/schema.js';
import { unprocessable } from '../http/errors.js';
import { message } from '../i18n/format.js';

/**
 * What the message box must know of other servers, answered by federation (installed on `ctx.chatPeers` when
 * federation is on; absent when it is off, when nobody remote can be in a group).
 */
export interface ChatPeers {
  /** whether the server of a remote account can have it in a group (it follows groups' actors) */
  hostsGroupMembers(account: Pick<AccountsTable, 'uri'>): Promise<boolean>;
}

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
    if (!(await ctx.chatPeers?.hostsGroupMembers(account)))
      throw unprocessable(
        message('messaging.group_not_supported_by', { acct: `${account.username}@${account.domain}` }),
        MessagingErrorCode.groupNotSupported,
      );
  }
}
