import { COLLECTION_MAX_ITEMS, COLLECTIONS_PER_ACCOUNT, type CollectionInput } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { DbOrTx, Tx } from '../db/index.js';
import type { CollectionItemsTable, CollectionsTable, NotificationsTable } from '../db/schema.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { isId, newId, storedId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { recordNotification } from '../notifications/service.js';
import { emitCommitted } from '../events/transaction.js';
import type { CollectionChange } from '../events/social.js';
import { findOrCreateTag } from '../featured/service.js';
import { mayFeature } from './feature-approval.js';
import { isBlocking } from '../relationships/store.js';
import { findAccountById, getAccountById } from '../accounts/store.js';
import { message } from '../i18n/format.js';

const TAG_NAME = /^#?[\p{L}\p{N}_]{1,100}$/u;

/** Tells of a committed change of `collection` (and the notifications of the accounts it added). */
function collectionChanged(
  ctx: AppContext,
  curator: AccountRow,
  collection: CollectionsTable,
  change: CollectionChange,
  notifications: readonly (NotificationsTable | null)[] = [],
): Promise<void> {
  return emitCommitted(ctx, { type: 'CollectionChanged', curator, collection, change, notifications });
}

/** A collection by id whose curator's account is visible, or a 404. */
export async function findCollectionOr404(db: DbOrTx, id: string): Promise<CollectionsTable> {
  const row = isId(id)
    ? await db
        .selectFrom('collections')
        .innerJoin('accounts', 'accounts.id', 'collections.account_id')
        .selectAll('collections')
        .where('collections.id', '=', storedId(id))
        .where('accounts.approved', '=', 1)
        .where('accounts.suspended_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound();
  return row;
}

/** Only the curator changes a collection (Mastodon answers 403 to anybody else). */
export function assertCurator(collection: CollectionsTable, viewer: AccountRow): void {
  if (collection.account_id !== viewer.id) throw forbidden();
}

/** Whether the collection's curator blocks the viewer: then it is not theirs to see (403). */
export async function curatorBlocks(
  db: DbOrTx,
  curatorId: string,
  viewer: AccountRow | null,
): Promise<boolean> {
  if (!viewer || viewer.id === curatorId) return false;
  return isBlocking(db, curatorId, viewer.id);
}

async function tagIdFor(tx: Tx, tagName: string | null | undefined): Promise<string | null | undefined> {
  if (tagName === undefined) return undefined;
  if (tagName === null || tagName.trim() === '') return null;
  if (!TAG_NAME.test(tagName.trim())) throw unprocessable('collections.tag_invalid');
  return (await findOrCreateTag(tx, tagName.trim())).id;
}

async function loadTarget(tx: Tx, accountId: string): Promise<AccountRow> {
  const target = isId(accountId) ? await findAccountById(tx, storedId(accountId)) : undefined;
  if (!target || !target.approved || target.suspended_at)
    throw unprocessable(message('collections.account_missing', { id: accountId }));
  return target;
}

/**
 * Adds an account to the collection inside the caller's transaction: it must exist, allow this curator to
 * feature it, not be in it already, and fit in the 25-account limit. Local accounts are accepted at once.
 */
async function insertItem(
  tx: Tx,
  collection: CollectionsTable,
  curator: AccountRow,
  accountId: string,
): Promise<{ item: CollectionItemsTable; target: AccountRow }> {
  const target = await loadTarget(tx, accountId);
  if (!(await mayFeature(tx, curator, target)))
    throw unprocessable('collections.cannot_feature', 'cannot_be_featured');
  const existing = await tx
    .selectFrom('collection_items')
    .select('id')
    .where('collection_id', '=', collection.id)
    .where('account_id', '=', target.id)
    .executeTakeFirst();
  if (existing) throw unprocessable('collections.already_in', 'taken');
  const { count } = await tx
    .selectFrom('collection_items')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('collection_id', '=', collection.id)
    .where('state', 'in', ['pending', 'accepted'])
    .executeTakeFirstOrThrow();
  if (Number(count) >= COLLECTION_MAX_ITEMS)
    throw unprocessable(message('collections.too_many_items', { max: COLLECTION_MAX_ITEMS }), 'too_many');
  const item: CollectionItemsTable = {
    id: newId(),
    collection_id: collection.id,
    account_id: target.id,
    state: target.domain ? 'pending' : 'accepted',
    created_at: nowIso(),
  };
  await tx.insertInto('collection_items').values(item).execute();
  return { item, target };
}

/** The added_to_collection notification for a local account featured by someone else. */
async function notifyAdded(
  tx: Tx,
  collection: CollectionsTable,
  curator: AccountRow,
  target: AccountRow,
): Promise<NotificationsTable | null> {
  if (target.domain || target.id === curator.id) return null;
  return recordNotification(tx, {
    accountId: target.id,
    fromAccountId: curator.id,
    type: 'added_to_collection',
    collectionId: collection.id,
  });
}

export async function createCollection(
  ctx: AppContext,
  curator: AccountRow,
  input: CollectionInput,
  accountIds: readonly string[],
): Promise<CollectionsTable> {
  const { collection, notifications } = await ctx.db.transaction().execute(async (tx) => {
    const { count } = await tx
      .selectFrom('collections')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('account_id', '=', curator.id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= COLLECTIONS_PER_ACCOUNT)
      throw unprocessable(message('collections.too_many', { max: COLLECTIONS_PER_ACCOUNT }), 'too_many');
    const now = nowIso();
    const row: CollectionsTable = {
      id: newId(),
      account_id: curator.id,
      name: input.name,
      description: input.description ?? '',
      language: input.language ?? null,
      tag_id: (await tagIdFor(tx, input.tag_name)) ?? null,
      sensitive: input.sensitive ? 1 : 0,
      discoverable: input.discoverable === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    };
    await tx.insertInto('collections').values(row).execute();
    const made: (NotificationsTable | null)[] = [];
    for (const accountId of new Set(accountIds)) {
      const { target } = await insertItem(tx, row, curator, accountId);
      made.push(await notifyAdded(tx, row, curator, target));
    }
    return { collection: row, notifications: made };
  });
  await collectionChanged(ctx, curator, collection, 'created', notifications);
  return collection;
}

export async function updateCollection(
  ctx: AppContext,
  curator: AccountRow,
  collection: CollectionsTable,
  input: Partial<CollectionInput>,
): Promise<CollectionsTable> {
  const updated = await ctx.db.transaction().execute(async (tx) => {
    const tagId = await tagIdFor(tx, input.tag_name);
    const changes: Partial<CollectionsTable> = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
      ...(tagId !== undefined ? { tag_id: tagId } : {}),
      ...(input.sensitive !== undefined ? { sensitive: input.sensitive ? (1 as const) : (0 as const) } : {}),
      ...(input.discoverable !== undefined
        ? { discoverable: input.discoverable ? (1 as const) : (0 as const) }
        : {}),
    };
    if (Object.keys(changes).length === 0) return collection;
    const updated = { ...collection, ...changes, updated_at: nowIso() };
    await tx
      .updateTable('collections')
      .set({ ...changes, updated_at: updated.updated_at })
      .where('id', '=', collection.id)
      .execute();
    return updated;
  });
  if (updated !== collection) await collectionChanged(ctx, curator, updated, 'updated');
  return updated;
}

/** Deletes the collection, its items and the notifications about it. */
export async function deleteCollection(
  ctx: AppContext,
  curator: AccountRow,
  collection: CollectionsTable,
): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('notifications').where('collection_id', '=', collection.id).execute();
    await tx.deleteFrom('collection_items').where('collection_id', '=', collection.id).execute();
    await tx.deleteFrom('collections').where('id', '=', collection.id).execute();
  });
  await collectionChanged(ctx, curator, collection, 'deleted');
}

export async function addCollectionItem(
  ctx: AppContext,
  collection: CollectionsTable,
  curator: AccountRow,
  accountId: string,
): Promise<CollectionItemsTable> {
  const { item, notification } = await ctx.db.transaction().execute(async (tx) => {
    const added = await insertItem(tx, collection, curator, accountId);
    await tx
      .updateTable('collections')
      .set({ updated_at: nowIso() })
      .where('id', '=', collection.id)
      .execute();
    return { item: added.item, notification: await notifyAdded(tx, collection, curator, added.target) };
  });
  await collectionChanged(ctx, curator, collection, 'updated', [notification]);
  return item;
}

async function findItemOr404(
  db: DbOrTx,
  collection: CollectionsTable,
  id: string,
): Promise<CollectionItemsTable> {
  const item = isId(id)
    ? await db
        .selectFrom('collection_items')
        .selectAll()
        .where('id', '=', storedId(id))
        .where('collection_id', '=', collection.id)
        .executeTakeFirst()
    : undefined;
  if (!item) throw notFound();
  return item;
}

/** The curator takes an account out of the collection. */
export async function removeCollectionItem(
  ctx: AppContext,
  curator: AccountRow,
  collection: CollectionsTable,
  itemId: string,
): Promise<CollectionItemsTable> {
  const item = await findItemOr404(ctx.db, collection, itemId);
  await ctx.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('collection_items').where('id', '=', item.id).execute();
    await tx
      .deleteFrom('notifications')
      .where('collection_id', '=', collection.id)
      .where('account_id', '=', item.account_id)
      .execute();
    await tx
      .updateTable('collections')
      .set({ updated_at: nowIso() })
      .where('id', '=', collection.id)
      .execute();
  });
  await collectionChanged(ctx, curator, collection, 'updated');
  return item;
}

/** The featured account withdraws its consent: the item stays as `revoked` and nobody sees it any more. */
export async function revokeCollectionItem(
  ctx: AppContext,
  collection: CollectionsTable,
  itemId: string,
  viewer: AccountRow,
): Promise<void> {
  const item = await findItemOr404(ctx.db, collection, itemId);
  if (item.account_id !== viewer.id) throw forbidden();
  await ctx.db.updateTable('collection_items').set({ state: 'revoked' }).where('id', '=', item.id).execute();
  const curator = await getAccountById(ctx.db, collection.account_id);
  await collectionChanged(ctx, curator, collection, 'updated');
}
