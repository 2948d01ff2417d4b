import type { AppContext } from '../context.js';
import { findAccountByUri } from '../accounts/store.js';

/**
 * Activities that need no work here, answered 202 at the inbox without verifying, queueing or processing them:
 * a Delete by an actor this server never stored, neither as an account nor as a group chat's remote group.
 * Nothing here can belong to such an actor (statuses, messages, follows, reactions all hang on the account), and
 * these Deletes come in floods: a server deleting an account tells every server it knows. Mastodon skips them
 * the same way, before the signature (whose key a deleted actor no longer serves).
 */
export async function isWorkFree(ctx: Pick<AppContext, 'db'>, activity: unknown): Promise<boolean> {
  const { type, actor } = (activity ?? {}) as { type?: unknown; actor?: unknown };
  if (type !== 'Delete') return false;
  const actorId = typeof actor === 'string' ? actor : (actor as { id?: unknown } | null)?.id;
  if (typeof actorId !== 'string') return false;
  const [account, group] = await Promise.all([
    findAccountByUri(ctx.db, actorId),
    ctx.db.selectFrom('conversations').select('id').where('group_uri', '=', actorId).executeTakeFirst(),
  ]);
  return !account && !group;
}
