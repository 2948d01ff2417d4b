import { Article, Mention, Note, Page, Question, type Create, type Object as APObject } from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { StatusesTable } from '../../db/schema.js';
import { parseLocalUrl } from '../../search/local-urls.js';
import { ingestRemoteStatus, type RemoteStatusObject } from '../ingest/index.js';
import { onDirectNote } from './direct-notes.js';
import { recordRemoteVote } from '../../polls/service.js';
import { fetchOptions, ingestOptions, localAccountOf, unlessRefused, type Inbox } from './sender.js';
import { storedId } from '../../lib/ids.js';
import { followsWithAccounts } from '../../relationships/conditions.js';

export const isStatusObject = (object: APObject | null): object is RemoteStatusObject =>
  object instanceof Note || object instanceof Article || object instanceof Page || object instanceof Question;

/** A status known here by its id: one of ours (by its URL) or a stored remote one (by its uri). */
export async function findStatusByUri(ctx: AppContext, uri: string): Promise<StatusesTable | undefined> {
  const local = parseLocalUrl(ctx.config.publicUrl, uri);
  if (local) {
    if (local.kind !== 'status') return undefined;
    return ctx.db
      .selectFrom('statuses')
      .selectAll()
      .where('id', '=', storedId(local.id))
      .where('local', '=', 1)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }
  return ctx.db
    .selectFrom('statuses')
    .selectAll()
    .where('uri', '=', uri)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Whether some local account follows `account` (its posts have a reader here). */
export async function hasLocalFollowers(ctx: AppContext, account: AccountRow): Promise<boolean> {
  const row = await followsWithAccounts(ctx.db, account.id, 'followers')
    .select('follows.id')
    .where('accounts.domain', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether the object addresses or mentions a local account (to/cc or a Mention tag). */
async function addressesLocalAccount(inbox: Inbox, object: RemoteStatusObject): Promise<boolean> {
  const ctx = inbox.data;
  const candidates = [...object.toIds, ...object.ccIds];
  for await (const tag of object.getTags(fetchOptions(inbox))) {
    if (tag instanceof Mention && tag.href) candidates.push(tag.href);
  }
  for (const uri of candidates) {
    if (await localAccountOf(ctx, uri)) return true;
  }
  return false;
}

/** Whether the object replies to a local status, or to any status of a thread with local posts in it. */
async function repliesInLocalThread(ctx: AppContext, object: RemoteStatusObject): Promise<boolean> {
  const parentUri = object.replyTargetId?.href;
  if (!parentUri) return false;
  const parent = await findStatusByUri(ctx, parentUri);
  if (!parent) return false;
  if (parent.local) return true;
  const localInThread = await ctx.db
    .selectFrom('statuses')
    .select('id')
    .where('conversation_id', '=', parent.conversation_id ?? parent.id)
    .where('local', '=', 1)
    .executeTakeFirst();
  return Boolean(localInThread);
}

/**
 * Mastodon's rule for unsolicited posts: a Create is stored only when someone here follows its author, it
 * mentions or addresses a local account, or it replies within a thread that has local posts.
 */
async function isWanted(inbox: Inbox, author: AccountRow, object: RemoteStatusObject): Promise<boolean> {
  const ctx = inbox.data;
  return (
    (await hasLocalFollowers(ctx, author)) ||
    (await addressesLocalAccount(inbox, object)) ||
    (await repliesInLocalThread(ctx, object))
  );
}

/** Create(Note|Article|Page|Question) by `sender`: a vote in a local poll, or a status when it is wanted here. */
export async function createStatus(inbox: Inbox, create: Create, sender: AccountRow, object: APObject) {
  if (!isStatusObject(object)) return;
  const ctx = inbox.data;
  if (object instanceof Note && object.name && !object.content && object.replyTargetId) {
    const poll = await findStatusByUri(ctx, object.replyTargetId.href);
    if (poll?.local) return recordRemoteVote(ctx, poll, sender, object.name.toString());
  }
  if (!(await isWanted(inbox, sender, object))) return;
  const options = ingestOptions(inbox);
  const status = await unlessRefused(ingestRemoteStatus(ctx, object, sender, options));
  if (status?.visibility === 'direct') await onDirectNote(ctx, status, create, object, options);
}

/** Update of a status its author wrote: a new version (an edit, with history); unknown statuses are ignored. */
export async function updateStatus(inbox: Inbox, sender: AccountRow, object: APObject) {
  if (!isStatusObject(object) || !object.id) return;
  const ctx = inbox.data;
  const known = await findStatusByUri(ctx, object.id.href);
  if (!known || known.local || known.account_id !== sender.id) return;
  await unlessRefused(ingestRemoteStatus(ctx, object, sender, { ...ingestOptions(inbox), update: true }));
}
