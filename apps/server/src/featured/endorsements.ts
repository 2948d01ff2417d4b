import type { Relationship } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/index.js';
import { unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { loadRelationship } from '../relationships/serializer.js';
import { isFollowing } from '../relationships/store.js';

/**
 * Features `target` on the viewer's profile (Mastodon 4.4 endorsements); as on Mastodon, only an account the
 * viewer follows can be endorsed, and endorsing twice changes nothing.
 */
export async function endorseAccount(
  ctx: AppContext,
  viewer: AccountRow,
  target: AccountRow,
): Promise<Relationship> {
  if (!(await isFollowing(ctx.db, viewer.id, target.id)))
    throw unprocessable('featured.endorse_unfollowed', 'endorse_unfollowed');
  await ctx.db
    .insertInto('endorsements')
    .values({ id: newId(), account_id: viewer.id, target_account_id: target.id, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['account_id', 'target_account_id']).doNothing())
    .execute();
  return loadRelationship(ctx.db, viewer.id, target.id);
}

/** Takes `target` off the viewer's profile; nothing happens when it was not endorsed. */
export async function unendorseAccount(
  ctx: AppContext,
  viewer: AccountRow,
  target: AccountRow,
): Promise<Relationship> {
  await dropEndorsement(ctx.db, viewer.id, target.id);
  return loadRelationship(ctx.db, viewer.id, target.id);
}

/** Ending a follow (unfollow, block) ends the endorsement that needed it, as Mastodon's AccountPin does. */
export async function dropEndorsement(db: DbOrTx, accountId: string, targetId: string): Promise<void> {
  await db
    .deleteFrom('endorsements')
    .where('account_id', '=', accountId)
    .where('target_account_id', '=', targetId)
    .execute();
}
