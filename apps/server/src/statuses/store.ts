import { expressionBuilder, sql, type ExpressionBuilder } from 'kysely';
import type { AccountRow } from '../auth/viewer.js';
import type { DbOrTx, Tx } from '../db/index.js';
import type { Database, StatusesTable } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { statusVersion } from './history.js';
import { inPublicViews, notSilencedBy, visibleTo } from './visibility.js';

/**
 * The one owner of the `statuses` table (and of the rows that belong to a status: its media links, mentions, tags,
 * edits). Every other module reads and writes statuses through these functions.
 */

// ---- reads ----

/** The status `id` if `viewerId` (null: anonymous) can read it. */
export async function findStatusVisibleTo(
  db: DbOrTx,
  viewerId: string | null,
  id: string,
): Promise<StatusesTable | undefined> {
  return db
    .selectFrom('statuses')
    .selectAll('statuses')
    .where('statuses.id', '=', id)
    .where(visibleTo(viewerId))
    .executeTakeFirst();
}

export async function findStatusById(db: DbOrTx, id: string): Promise<StatusesTable | undefined> {
  return db.selectFrom('statuses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The statuses of `ids` that exist, deleted ones included, in no particular order. */
export async function findStatusesByIds(db: DbOrTx, ids: readonly string[]): Promise<StatusesTable[]> {
  return db
    .selectFrom('statuses')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** The statuses of `ids` that are not deleted. */
export async function findLiveStatusesByIds(db: DbOrTx, ids: readonly string[]): Promise<StatusesTable[]> {
  return db
    .selectFrom('statuses')
    .selectAll()
    .where('id', 'in', [...ids])
    .where('deleted_at', 'is', null)
    .execute();
}

/** The statuses of `ids` that `viewerId` can read. */
export async function findStatusesVisibleTo(
  db: DbOrTx,
  viewerId: string,
  ids: readonly string[],
): Promise<StatusesTable[]> {
  return db
    .selectFrom('statuses')
    .selectAll()
    .where('id', 'in', [...ids])
    .where(visibleTo(viewerId))
    .execute();
}

/** How many statuses there are (not deleted, boosts left out). */
export async function countStatuses(db: DbOrTx) {
  return db
    .selectFrom('statuses')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('deleted_at', 'is', null)
    .where('reblog_of_id', 'is', null)
    .executeTakeFirst();
}

/** Up to `limit` of the statuses (and boosts) of an account not removed yet. */
export async function liveStatusesOfAccount(
  db: DbOrTx,
  accountId: string,
  limit: number,
): Promise<StatusesTable[]> {
  return db
    .selectFrom('statuses')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .limit(limit)
    .execute();
}

/** Of `ids`, those of statuses written by `accountId`. */
export async function statusIdsOfAccount(
  db: DbOrTx,
  accountId: string,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('statuses')
    .select('id')
    .where('id', 'in', [...ids])
    .where('account_id', '=', accountId)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The accounts whose boosts of `statusId` the viewer can see and did not silence, each with its boost's id as
 * the page cursor (to paginate).
 */
export function rebloggersQuery(db: DbOrTx, statusId: string, viewerId: string | null) {
  return db
    .selectFrom('statuses')
    .innerJoin('accounts', 'accounts.id', 'statuses.account_id')
    .selectAll('accounts')
    .select('statuses.id as cursor')
    .where('statuses.reblog_of_id', '=', statusId)
    .where(visibleTo(viewerId))
    .where(notSilencedBy(viewerId));
}

/** The accounts that favourited `statusId`, each with its favourite's id as the page cursor (to paginate). */
export function favouritersQuery(db: DbOrTx, statusId: string) {
  return db
    .selectFrom('favourites')
    .innerJoin('accounts', 'accounts.id', 'favourites.account_id')
    .selectAll('accounts')
    .select('favourites.id as cursor')
    .where('favourites.status_id', '=', statusId);
}

/**
 * The statuses the viewer favourited or bookmarked and can still read, each with its favourite's or bookmark's
 * id as the page cursor (to paginate).
 */
export function markedStatusesQuery(db: DbOrTx, table: 'favourites' | 'bookmarks', viewerId: string) {
  return db
    .selectFrom(table)
    .innerJoin('statuses', 'statuses.id', `${table}.status_id`)
    .selectAll('statuses')
    .select(`${table}.id as cursor`)
    .where(`${table}.account_id`, '=', viewerId)
    .where(visibleTo(viewerId));
}

/**
 * The accepted quotes of `statusId` the viewer can read and did not silence, each with its quote's id as the page
 * cursor (to paginate).
 */
export function acceptedQuotesQuery(db: DbOrTx, statusId: string, viewerId: string) {
  return db
    .selectFrom('quotes')
    .innerJoin('statuses', 'statuses.id', 'quotes.status_id')
    .selectAll('statuses')
    .select('quotes.id as cursor')
    .where('quotes.quoted_status_id', '=', statusId)
    .where('quotes.state', '=', 'accepted')
    .where(visibleTo(viewerId))
    .where(notSilencedBy(viewerId));
}

/**
 * The statuses of `accountId` (boosts included) written in [from, to) and not deleted, as a query to narrow or
 * join further.
 */
export function accountStatusesBetween(db: DbOrTx, accountId: string, from: string, to: string) {
  return db
    .selectFrom('statuses')
    .where('statuses.account_id', '=', accountId)
    .where('statuses.created_at', '>=', from)
    .where('statuses.created_at', '<', to)
    .where('statuses.deleted_at', 'is', null);
}

/** Who posted or boosted when in [from, to], deleted statuses included, as a query (to combine with others). */
export function statusDatesBetween(db: DbOrTx, from: string, to: string) {
  return db
    .selectFrom('statuses')
    .select(['account_id', 'created_at'])
    .where('created_at', '>=', from)
    .where('created_at', '<=', to);
}

/** How many statuses local accounts wrote in [from, to) (boosts left out, deleted ones counted). */
export async function countLocalStatusesBetween(db: DbOrTx, from: string, to: string) {
  return db
    .selectFrom('statuses')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('local', '=', 1)
    .where('reblog_of_id', 'is', null)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
}

/** The condition "a local account's boost, not deleted, of the status in `statusColumn`". */
export function hasLocalBoostOfColumn(statusColumn: string) {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(
    eb
      .selectFrom('statuses as boosts')
      .select('boosts.id')
      .where('boosts.reblog_of_id', '=', sql.ref<string>(statusColumn))
      .where('boosts.local', '=', 1)
      .where('boosts.deleted_at', 'is', null),
  );
}

/** The public statuses linking to one of `urls`, written since `since` and not deleted. */
export async function publicStatusesLinkingTo(db: DbOrTx, urls: readonly string[], since: string) {
  return db
    .selectFrom('statuses')
    .select(['statuses.link_url', 'statuses.created_at', 'statuses.account_id'])
    .where('statuses.link_url', 'in', [...urls])
    .where('statuses.created_at', '>=', since)
    .where('statuses.visibility', '=', 'public')
    .where('statuses.deleted_at', 'is', null)
    .execute();
}

/**
 * The public statuses (no boosts) written since `since` that the viewer can read, in public views, with the most
 * boosts, favourites and replies together first; none without any.
 */
export async function mostInteractedPublicStatuses(
  db: DbOrTx,
  viewerId: string | null,
  since: string,
  offset: number,
  limit: number,
): Promise<StatusesTable[]> {
  const interactions = (eb: ExpressionBuilder<Database, 'statuses'>) =>
    eb(
      eb('statuses.reblogs_count', '+', eb.ref('statuses.favourites_count')),
      '+',
      eb.ref('statuses.replies_count'),
    );
  return db
    .selectFrom('statuses')
    .selectAll('statuses')
    .where(visibleTo(viewerId))
    .where(notSilencedBy(viewerId))
    .where(inPublicViews(null))
    .where('statuses.visibility', '=', 'public')
    .where('statuses.reblog_of_id', 'is', null)
    .where('statuses.created_at', '>=', since)
    .where(interactions, '>', 0)
    .orderBy(interactions, 'desc')
    .orderBy('statuses.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

// ---- writes ----

/** A new status row; false when a status with its `uri` is stored already (the same remote object twice at once). */
export async function insertStatus(tx: Tx, status: StatusesTable): Promise<boolean> {
  const inserted = await tx
    .insertInto('statuses')
    .values(status)
    .onConflict((oc) => oc.column('uri').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(inserted);
}

/** The columns an edit changes, as `status` has them. */
export async function updateStatusContent(tx: Tx, status: StatusesTable): Promise<void> {
  await tx
    .updateTable('statuses')
    .set({
      text: status.text,
      content_html: status.content_html ?? null,
      spoiler_text: status.spoiler_text,
      sensitive: status.sensitive,
      language: status.language,
      link_url: status.link_url,
      quote_policy: status.quote_policy ?? null,
      edited_at: status.edited_at,
    })
    .where('id', '=', status.id)
    .execute();
}

/** Replies that arrived before this (remote) status: they join its thread now. */
export async function adoptWaitingReplies(tx: Tx, status: StatusesTable): Promise<void> {
  if (!status.uri) return;
  const waiting = await tx
    .selectFrom('statuses')
    .select('id')
    .where('in_reply_to_uri', '=', status.uri)
    .where('deleted_at', 'is', null)
    .execute();
  if (waiting.length === 0) return;
  await tx
    .updateTable('statuses')
    .set({
      in_reply_to_id: status.id,
      in_reply_to_account_id: status.account_id,
      in_reply_to_uri: null,
      conversation_id: status.conversation_id ?? status.id,
    })
    .where('in_reply_to_uri', '=', status.uri)
    .execute();
  await tx
    .updateTable('statuses')
    .set((eb) => ({ replies_count: eb('replies_count', '+', waiting.length) }))
    .where('id', '=', status.id)
    .execute();
}

/** The status's hashtags become `names` (lower-cased, without #; at most 20), tags made as needed. */
export async function linkTagNames(tx: Tx, statusId: string, names: readonly string[]): Promise<void> {
  await tx.deleteFrom('status_tags').where('status_id', '=', statusId).execute();
  for (const name of names.slice(0, 20)) {
    const existing = await tx
      .selectFrom('tags')
      .select('id')
      .where('name_lower', '=', name)
      .executeTakeFirst();
    let tagId = existing?.id;
    if (!tagId) {
      tagId = newId();
      await tx
        .insertInto('tags')
        .values({ id: tagId, name, name_lower: name, created_at: nowIso() })
        .onConflict((oc) => oc.column('name_lower').doNothing())
        .execute();
      const stored = await tx
        .selectFrom('tags')
        .select('id')
        .where('name_lower', '=', name)
        .executeTakeFirst();
      tagId = stored?.id ?? tagId;
    }
    await tx
      .insertInto('status_tags')
      .values({ status_id: statusId, tag_id: tagId })
      .onConflict((oc) => oc.columns(['status_id', 'tag_id']).doNothing())
      .execute();
  }
}

export async function linkMentions(tx: Tx, statusId: string, mentioned: AccountRow[]): Promise<void> {
  await tx.deleteFrom('status_mentions').where('status_id', '=', statusId).execute();
  if (mentioned.length) {
    await tx
      .insertInto('status_mentions')
      .values(mentioned.map((account) => ({ status_id: statusId, account_id: account.id })))
      .execute();
  }
}

/** Before a status's first edit: its original version starts the history. */
export async function recordOriginalVersion(tx: Tx, status: StatusesTable): Promise<void> {
  const hasHistory = await tx
    .selectFrom('status_edits')
    .select('id')
    .where('status_id', '=', status.id)
    .executeTakeFirst();
  if (!hasHistory) await snapshot(tx, status, status.created_at);
}

export async function snapshot(tx: Tx, status: StatusesTable, createdAt: string): Promise<void> {
  const version = await statusVersion(tx, status, createdAt);
  await tx
    .insertInto('status_edits')
    .values({ id: newId(), status_id: status.id, ...version })
    .execute();
}
