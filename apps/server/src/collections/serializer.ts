import type { Collection, CollectionItem } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { CollectionItemsTable, CollectionsTable } from '../db/schema.js';
import { accountUri } from '../accounts/serializer.js';
import { blockOfColumn } from '../relationships/conditions.js';
import { findAccountsByIds } from '../accounts/store.js';

/** The Collection's ActivityPub id: under its curator's actor, as Mastodon nests it. */
export function collectionUri(ctx: AppContext, curator: AccountRow, id: string): string {
  return `${accountUri(ctx, curator)}/collections/${id}`;
}

/** The Collection's web page. */
export const collectionUrl = (ctx: AppContext, id: string): string =>
  `${ctx.config.publicUrl}/collections/${id}`;

/**
 * The items a viewer sees, oldest first: the curator sees pending and accepted ones, everybody else accepted
 * ones only; accounts the viewer blocks are left out (Mastodon's `items_for`).
 */
export async function visibleItems(
  ctx: AppContext,
  collections: readonly CollectionsTable[],
  viewer: AccountRow | null,
): Promise<CollectionItemsTable[]> {
  if (collections.length === 0) return [];
  let query = ctx.db
    .selectFrom('collection_items')
    .innerJoin('collections', 'collections.id', 'collection_items.collection_id')
    .innerJoin('accounts', 'accounts.id', 'collection_items.account_id')
    .selectAll('collection_items')
    .where(
      'collection_items.collection_id',
      'in',
      collections.map((row) => row.id),
    )
    .where('accounts.approved', '=', 1)
    .where('accounts.suspended_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('collection_items.state', '=', 'accepted'),
        ...(viewer
          ? [
              eb.and([
                eb('collection_items.state', '=', 'pending'),
                eb('collections.account_id', '=', viewer.id),
              ]),
            ]
          : []),
      ]),
    );
  if (viewer)
    query = query.where((eb) => eb.not(eb.exists(blockOfColumn(viewer.id, 'collection_items.account_id'))));
  return query.orderBy('collection_items.id').execute();
}

const serializeItem = (row: CollectionItemsTable): CollectionItem => ({
  id: row.id,
  account_id: row.account_id,
  state: row.state,
  created_at: row.created_at,
});

/** Mastodon's Collection entities, in the order given, with the items the viewer sees. */
export async function serializeCollections(
  ctx: AppContext,
  rows: readonly CollectionsTable[],
  viewer: AccountRow | null,
): Promise<Collection[]> {
  if (rows.length === 0) return [];
  const curatorIds = [...new Set(rows.map((row) => row.account_id))];
  const tagIds = [...new Set(rows.flatMap((row) => (row.tag_id ? [row.tag_id] : [])))];
  const [curators, tags, items] = await Promise.all([
    findAccountsByIds(ctx.db, curatorIds),
    tagIds.length
      ? ctx.db.selectFrom('tags').select(['id', 'name', 'name_lower']).where('id', 'in', tagIds).execute()
      : Promise.resolve([]),
    visibleItems(ctx, rows, viewer),
  ]);
  const curatorById = new Map(curators.map((row) => [row.id, row]));
  const tagById = new Map(tags.map((tag) => [tag.id, tag]));
  return rows.flatMap((row) => {
    const curator = curatorById.get(row.account_id);
    if (!curator) return [];
    const tag = row.tag_id ? tagById.get(row.tag_id) : undefined;
    const own = items.filter((item) => item.collection_id === row.id);
    return [
      {
        id: row.id,
        account_id: row.account_id,
        uri: collectionUri(ctx, curator, row.id),
        url: collectionUrl(ctx, row.id),
        name: row.name,
        description: row.description,
        language: row.language,
        local: true,
        sensitive: row.sensitive === 1,
        discoverable: row.discoverable === 1,
        tag: tag
          ? { name: tag.name, url: `${ctx.config.publicUrl}/tags/${encodeURIComponent(tag.name_lower)}` }
          : null,
        item_count: own.filter((item) => item.state === 'accepted').length,
        items: own.map(serializeItem),
        created_at: row.created_at,
        updated_at: row.updated_at,
      },
    ];
  });
}
