import { Move } from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { AccountsTable } from '../../db/schema.js';
import { actorUriOf } from '../recipients.js';
import { remoteFollowersOf } from './recipients.js';
import { federate, sendTo } from './send.js';
import { remoteAccountsBlocking } from '../../relationships/store.js';

/**
 * Move of a local account to `target` (Mastodon's MoveDistributionWorker): `{ actor, object: the old account,
 * target: the new one }`, id `…#moves/{migration id}`, to the servers of the old account's followers and of
 * the remote accounts that block it, once per shared inbox. Each server moves its own followers.
 */
export async function federateMove(
  ctx: AppContext,
  source: AccountRow,
  target: AccountsTable,
  migrationId: string,
) {
  await federate(ctx, source, 'Move', async (context) => {
    const actor = context.getActorUri(source.username);
    const move = new Move({
      id: new URL(`${actor.href}#moves/${migrationId}`),
      actor,
      object: actor,
      target: actorUriOf(context, target),
    });
    const [followers, blockers] = await Promise.all([
      remoteFollowersOf(ctx, source.id),
      // Mastodon tells the remote accounts blocking the mover too, so that they may block the new account
      remoteAccountsBlocking(ctx.db, source.id),
    ]);
    await sendTo(context, source.username, [...followers, ...blockers], move);
  });
}
