import type { Db, DbOrTx } from '../db/index.js';
import { unprocessable } from '../http/errors.js';
import { MAX_FEATURED_TAGS } from '../instance/limits.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { message } from '../i18n/format.js';

export interface FeaturedTagResult {
  /** the featured_tags row */
  id: string;
  tagId: string;
  /** false when the tag was featured already */
  created: boolean;
}

/** The stored hashtag of that name (`#` or not), created when nobody used it yet. */
export async function findOrCreateTag(db: DbOrTx, name: string): Promise<{ id: string }> {
  const clean = name.replace(/^#/, '');
  const lower = clean.toLowerCase();
  await db
    .insertInto('tags')
    .values({ id: newId(), name: clean, name_lower: lower, created_at: nowIso() })
    .onConflict((oc) => oc.column('name_lower').doNothing())
    .execute();
  return db.selectFrom('tags').select('id').where('name_lower', '=', lower).executeTakeFirstOrThrow();
}

/** Features a hashtag (created when nobody used it yet) on the account's profile, within the limit. */
export async function featureTag(db: Db, accountId: string, name: string): Promise<FeaturedTagResult> {
  return db.transaction().execute(async (tx) => {
    const tag = await findOrCreateTag(tx, name);
    const existing = await tx
      .selectFrom('featured_tags')
      .select('id')
      .where('account_id', '=', accountId)
      .where('tag_id', '=', tag.id)
      .executeTakeFirst();
    if (existing) return { id: existing.id, tagId: tag.id, created: false };
    const count = await tx
      .selectFrom('featured_tags')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    if (Number(count.count) >= MAX_FEATURED_TAGS)
      throw unprocessable(message('featured.limit', { max: MAX_FEATURED_TAGS }), 'featured_limit');
    const id = newId();
    await tx
      .insertInto('featured_tags')
      .values({ id, account_id: accountId, tag_id: tag.id, created_at: nowIso() })
      .execute();
    return { id, tagId: tag.id, created: true };
  });
}

/** Takes the hashtag off the account's profile; nothing happens when it was not featured. */
export async function unfeatureTag(db: Db, accountId: string, tagId: string): Promise<void> {
  await db
    .deleteFrom('featured_tags')
    .where('account_id', '=', accountId)
    .where('tag_id', '=', tagId)
    .execute();
}
