import type { Activity, Announce, EmojiReact, Like, Object as APObject } from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { StatusesTable } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { boostOf, favourite, storeBoost, unfavourite, withdrawBoost } from '../../statuses/actions.js';
import { ingestRemoteStatus, upsertRemoteAccount } from '../ingest/index.js';
import { visibilityFromAddressing } from '../visibility.js';
import {
  blocks,
  fetchOptions,
  ingestOptions,
  isSuspendedDomain,
  unlessRefused,
  type Inbox,
} from './sender.js';
import { findStatusByUri, hasLocalFollowers, isStatusObject } from './statuses.js';
import { findAccountById } from '../../accounts/store.js';

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

/** Whether the status's local author blocks the sender or the sender's server (or the author is gone). */
async function authorBlocks(ctx: AppContext, status: StatusesTable, sender: AccountRow): Promise<boolean> {
  const author = await findAccountById(ctx.db, status.account_id);
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
  const boost = boostOf(original, sender.id, {
    visibility: visibility === 'direct' ? 'private' : visibility,
    local: 0,
    uri: announce.id.href,
    url: announce.id.href,
    ...(announce.published
      ? { created_at: new Date(Math.min(announce.published.epochMilliseconds, Date.now())).toISOString() }
      : {}),
  });
  await storeBoost(ctx, sender, boost, original, { notifyAuthor: original.local === 1 });
}

/** Undo(Announce): the sender's boost with that id goes, with its notification. */
export async function undoAnnounce(ctx: AppContext, sender: AccountRow, announceId: URL): Promise<boolean> {
  return withdrawBoost(ctx, sender, announceId.href);
}

/**
 * Like (and EmojiReact, or a Like with content: Misskey's and Pleroma's reactions) of a status the sender can see:
 * a favourite with its `favourite` notification. Blocks and visibility are the favourite service's.
 */
export async function onLike(inbox: Inbox, like: Like | EmojiReact, sender: AccountRow): Promise<void> {
  const status = await statusOf(inbox, like, false);
  // the favourite service checks account blocks; a local author's domain block counts too
  if (!status || (await authorBlocks(inbox.data, status, sender))) return;
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
