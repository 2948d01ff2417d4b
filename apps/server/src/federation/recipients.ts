import type { Context } from '@fedify/fedify';
import type { Recipient } from '@fedify/vocab';
import type { AppContext } from '../context.js';
import type { AccountsTable } from '../db/schema.js';

/**
 * Where a remote account is reached. Remote accounts and these columns arrive with migration 0013
 * (issue #15, "fedremote"); until then every account is local and no row has them.
 */
interface RemoteActorColumns {
  uri?: string | null;
  inbox_url?: string | null;
  shared_inbox_url?: string | null;
}

/** The actor id of an account row: a remote account's stored uri, else the local actor URI. */
export function actorUriOf(context: Context<AppContext>, row: AccountsTable): URL {
  const { uri } = row as AccountsTable & RemoteActorColumns;
  return uri ? new URL(uri) : context.getActorUri(row.username);
}

/** A remote account as a delivery target (its inbox, and its server's shared inbox), or null when local. */
export function recipientOf(row: AccountsTable): Recipient | null {
  const remote = row as AccountsTable & RemoteActorColumns;
  if (!remote.uri || !remote.inbox_url) return null;
  return {
    id: new URL(remote.uri),
    inboxId: new URL(remote.inbox_url),
    endpoints: remote.shared_inbox_url ? { sharedInbox: new URL(remote.shared_inbox_url) } : null,
  };
}
