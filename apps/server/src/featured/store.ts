import type { DbOrTx } from '../db/index.js';

/** What a profile features: its hashtags (`featured_tags`) and the accounts it endorses (`endorsements`). */

// ---- reads ----

/** The account's featured hashtags, in the order it featured them. */
export async function featuredTagsOf(db: DbOrTx, accountId: string) {
  return db
    .selectFrom('featured_tags')
    .innerJoin('tags', 'tags.id', 'featured_tags.tag_id')
    .select(['featured_tags.id', 'tags.id as tag_id', 'tags.name', 'tags.name_lower'])
    .where('featured_tags.account_id', '=', accountId)
    .orderBy('featured_tags.id')
    .execute();
}

/** How often the account used each of `tagIds` in its public and unlisted statuses, and when it last did. */
export async function tagUsageBy(db: DbOrTx, accountId: string, tagIds: readonly string[]) {
  return db
    .selectFrom('status_tags')
    .innerJoin('statuses', 'statuses.id', 'status_tags.status_id')
    .select((eb) => [
      'status_tags.tag_id',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.max('statuses.created_at').as('last_at'),
    ])
    .where('statuses.account_id', '=', accountId)
    .where('statuses.deleted_at', 'is', null)
    .where('statuses.visibility', 'in', ['public', 'unlisted'])
    .where('status_tags.tag_id', 'in', [...tagIds])
    .groupBy('status_tags.tag_id')
    .execute();
}

/** The account's ten most used hashtags that it does not feature yet, most used first. */
export async function unfeaturedTagsMostUsedBy(db: DbOrTx, accountId: string) {
  const rows = await db
    .selectFrom('status_tags')
    .innerJoin('statuses', 'statuses.id', 'status_tags.status_id')
    .innerJoin('tags', 'tags.id', 'status_tags.tag_id')
    .select((eb) => [
      'tags.id',
      'tags.name',
      'tags.name_lower',
      'tags.created_at',
      eb.fn.countAll<number | string>().as('uses'),
    ])
    .where('statuses.account_id', '=', accountId)
    .where('statuses.deleted_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('featured_tags')
            .select('featured_tags.id')
            .whereRef('featured_tags.tag_id', '=', 'tags.id')
            .where('featured_tags.account_id', '=', accountId),
        ),
      ),
    )
    .groupBy(['tags.id', 'tags.name', 'tags.name_lower', 'tags.created_at'])
    .orderBy('uses', 'desc')
    .orderBy('tags.id')
    .limit(10)
    .execute();
  return rows.map(({ uses: _uses, ...tag }) => tag);
}

/** The approved accounts `accountId` endorses, each with its endorsement's id as the page cursor (to paginate). */
export function endorsedAccountsQuery(db: DbOrTx, accountId: string) {
  return db
    .selectFrom('endorsements')
    .innerJoin('accounts', 'accounts.id', 'endorsements.target_account_id')
    .selectAll('accounts')
    .select('endorsements.id as cursor')
    .where('endorsements.account_id', '=', accountId)
    .where('accounts.approved', '=', 1);
}

// ---- writes ----

/** Removes the account's featured hashtag `id`; false when it has none with that id. */
export async function deleteFeaturedTag(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('featured_tags')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}
