import type { Actor, Flag, Move } from '@fedify/vocab';
import { aliasesOf, moveLocalFollowers, setMovedTo } from '../../accounts/move.js';
import { removeRemoteAccount } from '../../accounts/remote-removal.js';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { fileReport } from '../../reports/file.js';
import { upsertRemoteAccount } from '../ingest/index.js';
import {
  fetchOptions,
  ingestOptions,
  isActorObject,
  isSuspendedDomain,
  localAccountOf,
  serverBlockOf,
  unlessRefused,
  type Inbox,
} from './sender.js';
import { findStatusByUri } from './statuses.js';
import { findAccountById } from '../../accounts/store.js';

/** Update(Person|Service|…) of the sender itself: its account is brought up to date. */
export async function updateActor(inbox: Inbox, sender: AccountRow, actor: Actor): Promise<void> {
  if (actor.id?.href !== sender.uri) return;
  await unlessRefused(upsertRemoteAccount(inbox.data, actor, ingestOptions(inbox)));
}

/** Delete of the sender's own actor (the account was deleted on its server): the account is removed here too. */
export async function deleteActor(ctx: AppContext, sender: AccountRow): Promise<void> {
  await removeRemoteAccount(ctx, sender);
}

/**
 * Move of the sender to a new account (Mastodon's account migration): accepted when the target's alsoKnownAs
 * names the sender. The sender is marked moved, and each local follower stops following it and follows the
 * target instead (accounts/move.ts).
 */
export async function onMove(inbox: Inbox, move: Move, sender: AccountRow): Promise<void> {
  const ctx = inbox.data;
  if (move.objectId?.href !== sender.uri || !move.targetId) return;
  const targetAccount =
    (await localAccountOf(ctx, move.targetId)) ?? (await remoteMoveTarget(inbox, move.targetId));
  if (!targetAccount || targetAccount.id === sender.id) return;
  if (!sender.uri || !aliasesOf(targetAccount).includes(sender.uri)) return;
  await moveLocalFollowers(ctx, sender, targetAccount);
  // marked last: a Move seen as applied has moved every follower
  await setMovedTo(ctx, sender, targetAccount);
}

/** A remote Move target, read from its server: its alsoKnownAs must be current, not what the Move may embed. */
async function remoteMoveTarget(inbox: Inbox, targetId: URL): Promise<AccountRow | null> {
  if (await isSuspendedDomain(inbox.data, targetId.host)) return null;
  const actor = await inbox.lookupObject(targetId.href, fetchOptions(inbox)).catch(() => null);
  if (!isActorObject(actor) || actor.id?.href !== targetId.href) return null;
  return unlessRefused(upsertRemoteAccount(inbox.data, actor, ingestOptions(inbox)));
}

/** Whether the sender already has an unresolved report about the same account and statuses. */
async function isRepeatedReport(ctx: AppContext, senderId: string, targetId: string, statusIds: string[]) {
  const open = await ctx.db
    .selectFrom('reports')
    .select('id')
    .where('account_id', '=', senderId)
    .where('target_account_id', '=', targetId)
    .where('status_ids', '=', JSON.stringify(statusIds))
    .where('action_taken_at', 'is', null)
    .executeTakeFirst();
  return Boolean(open);
}

/**
 * Flag (a report from another server) about local accounts and their statuses: one report per reported local
 * account, by the sender (Mastodon files it under the reporting server's actor), for this server's moderators;
 * none from a server whose reports the admin rejects, and none again while the same one is still open.
 */
export async function onFlag(inbox: Inbox, flag: Flag, sender: AccountRow): Promise<void> {
  const ctx = inbox.data;
  if (sender.domain && (await serverBlockOf(ctx, sender.domain))?.reject_reports) return;
  const accounts = new Map<string, AccountRow>();
  const statusIds = new Map<string, string[]>();
  for (const id of flag.objectIds) {
    const account = await localAccountOf(ctx, id);
    if (account) {
      accounts.set(account.id, account);
      continue;
    }
    const status = await findStatusByUri(ctx, id.href);
    if (!status?.local) continue;
    statusIds.set(status.account_id, [...(statusIds.get(status.account_id) ?? []), status.id]);
  }
  for (const accountId of statusIds.keys()) {
    if (accounts.has(accountId)) continue;
    const author = await findAccountById(ctx.db, accountId);
    if (author) accounts.set(author.id, author);
  }
  const comment = (flag.content?.toString() ?? '').trim().slice(0, 1000);
  for (const target of accounts.values()) {
    const reported = (statusIds.get(target.id) ?? []).sort();
    if (await isRepeatedReport(ctx, sender.id, target.id, reported)) continue;
    await fileReport(ctx, {
      accountId: sender.id,
      targetAccountId: target.id,
      statusIds: reported,
      ruleIds: [],
      category: 'other',
      comment,
      forwarded: true,
    });
  }
}
