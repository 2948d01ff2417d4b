import type { Activity, Announce, EmojiReact, Like, Object as APObject } from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { NotificationsTable, StatusesTable } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { publishNotification, recordNotification } from '../../notifications/service.js';
import { favourite, unfavourite } from '../../statuses/actions.js';
import { removeStatus } from '../../statuses/compose.js';
import { adjustStatusCounter, adjustStatusesCount } from '../../statuses/counters.js';
import { streamStatus } from '../../statuses/fanout.js';
import { fanOutToFeeds } from '../../timelines/feeds.js';
import { ingestRemoteStatus, upsertRemoteAccount } from '../ingest/index.js';
import { visibilityFromAddressing } from '../visibility.js';
import { blocks, fetchOptions, ingestOptions, isSuspendedDomain, type Inbox } from './sender.js';
import { findStatusByUri, hasLocalFollowers, isStatusObject, unlessRefused } from './statuses.js';

/**
 * The status an Announce or Like names: known here, or (for an Announce) fetched from its server with its author,
 * once (Fedify's loader bounds the fetch in size, time and redirects).
 */
async function statusOf(inbox: Inbox, activity: Activity, fetch: boolean) {
  const ctx = inbox.data;
  const id = activity.objectId;
  if (!id) return undefined;
  const known = await findStatusByUri(ctx, id.href);
  if (known || !fetch || new URL(ctx.config.publicUrl).origin === id.origin) return known;
  if (await isSuspendedDomain(ctx, id.host)) return undefined;
  const object: APObject | null = await activity.getObject(fetchOptions(inbox)).catch(() => null);
  if (!isStatusObject(object) || object.id?.href !== id.href) return undefined;
  const author = await object.getAttribution(fetchOptions(inbox)).catch(() => null);
  if (!author?.id || (await isSuspendedDomain(ctx, author.id.host))) return undefined;
  const account = await unlessRefused(upsertRemoteAccount(ctx, author, ingestOptions(inbox)));
  if (!account) return undefined;
  return (await unlessRefused(ingestRemoteStatus(ctx, object, account, ingestOptions(inbox)))) ?? undefined;
}

async function authorBlocks(ctx: AppContext, status: StatusesTable, sender: AccountRow): Promise<boolean> {
  const author = await ctx.db
    .selectFrom('accounts')
    .selectAll()
    .where('id', '=', status.account_id)
    .executeTakeFirst();
  return !author || (!author.domain && (await blocks(ctx, author, sender)));
}

/**
 * Announce (a boost) of a public or unlisted status: a boost row of the sender (its uri the Announce's id, so the
 * same Announce twice is one boost), into its followers' feeds, a `reblog` notification for a local author.
 * Accepted when the status is local or someone here follows the booster; an unknown status is fetched.
 */
export async function onAnnounce(inbox: Inbox, announce: Announce, sender: AccountRow): Promise<void> {
  const ctx = inbox.data;
  if (!announce.id) return;
  const localStatus = await statusOf(inbox, announce, false);
  if (!localStatus?.local && !(await hasLocalFollowers(ctx, sender))) return;
  const original = localStatus ?? (await statusOf(inbox, announce, true));
  if (!original || original.reblog_of_id) return;
  if (original.visibility !== 'public' && original.visibility !== 'unlisted') return;
  if (await authorBlocks(ctx, original, sender)) return;
  const visibility = visibilityFromAddressing({
    to: announce.toIds,
    cc: announce.ccIds,
    followersUrl: sender.followers_url ?? null,
  });
  const now = nowIso();
  const boost: StatusesTable = {
    id: newId(),
    account_id: sender.id,
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    reblog_of_id: original.id,
    conversation_id: null,
    text: '',
    spoiler_text: '',
    visibility: visibility === 'direct' ? 'private' : visibility,
    sensitive: 0,
    language: null,
    local: 0,
    uri: announce.id.href,
    url: announce.id.href,
    link_url: null,
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 0,
    created_at: announce.published
      ? new Date(Math.min(announce.published.epochMilliseconds, Date.now())).toISOString()
      : now,
    edited_at: null,
    deleted_at: null,
  };
  let notification: NotificationsTable | null = null;
  const inserted = await ctx.db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('statuses')
      .values(boost)
      .onConflict((oc) => oc.column('uri').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await adjustStatusCounter(tx, original.id, 'reblogs_count', 1);
    await adjustStatusesCount(tx, sender.id, { delta: 1, at: boost.created_at });
    if (original.local) {
      notification = await recordNotification(tx, {
        accountId: original.account_id,
        fromAccountId: sender.id,
        type: 'reblog',
        statusId: original.id,
      });
    }
    return true;
  });
  if (!inserted) return;
  await fanOutToFeeds(ctx.db, boost);
  await publishNotification(ctx, notification);
  void streamStatus(ctx, boost, 'update');
}

/** Undo(Announce): the sender's boost with that id goes, with its notification. */
export async function undoAnnounce(ctx: AppContext, sender: AccountRow, announceId: URL): Promise<boolean> {
  const boost = await ctx.db
    .selectFrom('statuses')
    .selectAll()
    .where('uri', '=', announceId.href)
    .where('account_id', '=', sender.id)
    .where('reblog_of_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!boost?.reblog_of_id) return false;
  await removeStatus(ctx, boost);
  await ctx.db
    .deleteFrom('notifications')
    .where('type', '=', 'reblog')
    .where('from_account_id', '=', sender.id)
    .where('status_id', '=', boost.reblog_of_id)
    .execute();
  return true;
}

/**
 * Like (and EmojiReact, or a Like with content: Misskey's and Pleroma's reactions) of a status the sender can see:
 * a favourite with its `favourite` notification. Blocks and visibility are the favourite service's.
 */
export async function onLike(inbox: Inbox, like: Like | EmojiReact, sender: AccountRow): Promise<void> {
  const status = await statusOf(inbox, like, false);
  if (!status) return;
  await ignoringRefusal(favourite(inbox.data, sender, status.id));
}

export async function undoLike(inbox: Inbox, like: Like | EmojiReact, sender: AccountRow): Promise<boolean> {
  const status = await statusOf(inbox, like, false);
  if (!status) return false;
  await ignoringRefusal(unfavourite(inbox.data, sender, status.id));
  return true;
}

/** A favourite the service refuses (a status the sender may not see, a block) is simply not made. */
async function ignoringRefusal(action: Promise<unknown>): Promise<void> {
  try {
    await action;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
}
