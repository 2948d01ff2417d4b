import type { Db, DbOrTx } from '../db/index.js';
import type { TagsTable } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { dropFeed, homeFeed } from './feeds.js';

/** The hashtags and the hashtags a user follows, as the tag routes read and write them. */

// ---- reads ----

/** A hashtag by name (without its `#`), case-insensitive. */
export async function findTagByName(db: DbOrTx, name: string): Promise<TagsTable | undefined> {
  return db.selectFrom('tags').selectAll().where('name_lower', '=', name.toLowerCase()).executeTakeFirst();
}

/** Of `tagIds`, those the account follows (`followed_tags`) or features on its profile (`featured_tags`). */
export async function tagIdsMarkedBy(
  db: DbOrTx,
  table: 'followed_tags' | 'featured_tags',
  accountId: string,
  tagIds: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .selectFrom(table)
    .select('tag_id')
    .where('account_id', '=', accountId)
    .where('tag_id', 'in', [...tagIds])
    .execute();
  return new Set(rows.map((row) => row.tag_id));
}

/** The hashtags the account follows, each with its follow's id as the page cursor (to paginate). */
export function followedTagsQuery(db: DbOrTx, accountId: string) {
  return db
    .selectFrom('followed_tags')
    .innerJoin('tags', 'tags.id', 'followed_tags.tag_id')
    .selectAll('tags')
    .select('followed_tags.id as cursor')
    .where('followed_tags.account_id', '=', accountId);
}

// ---- writes ----

/** Follows a hashtag, creating it when nobody used it yet; answers the hashtag. */
export async function followTag(db: Db, accountId: string, name: string): Promise<TagsTable> {
  return db.transaction().execute(async (tx) => {
    const lower = name.toLowerCase();
    await tx
      .insertInto('tags')
      .values({ id: newId(), name, name_lower: lower, created_at: nowIso() })
      .onConflict((oc) => oc.column('name_lower').doNothing())
      .execute();
    const row = await tx
      .selectFrom('tags')
      .selectAll()
      .where('name_lower', '=', lower)
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('followed_tags')
      .values({ id: newId(), account_id: accountId, tag_id: row.id, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['account_id', 'tag_id']).doNothing())
      .execute();
    // the hashtag's recent posts now belong in home: it is built again on its next read
    await dropFeed(tx, homeFeed(accountId));
    return row;
  });
}

export async function unfollowTag(db: DbOrTx, accountId: string, tagId: string): Promise<void> {
  await db
    .deleteFrom('followed_tags')
    .where('account_id', '=', accountId)
    .where('tag_id', '=', tagId)
    .execute();
}
