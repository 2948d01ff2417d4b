import { Flag, Update } from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { AccountsTable } from '../../db/schema.js';
import { INSTANCE_ACTOR, localActor } from '../actors.js';
import { actorUriOf } from '../recipients.js';
import { remoteFollowersOf } from './recipients.js';
import { federate, sendTo, uniqueSuffix } from './send.js';
import { statusIdOf } from './statuses.js';

/** Update(Person) after a profile change, to the account's remote followers. */
export async function federateProfileUpdate(ctx: AppContext, account: AccountRow) {
  await federate(ctx, account, 'Update(Person)', async (context) => {
    const actor = await localActor(context, account);
    const update = new Update({
      id: new URL(`${actor.id!.href}#updates/${uniqueSuffix()}`),
      actor: actor.id,
      object: actor,
      to: new URL('https://www.w3.org/ns/activitystreams#Public'),
    });
    await sendTo(context, account.username, await remoteFollowersOf(ctx, account.id), update);
  });
}

/**
 * A report forwarded to the reported account's server, as Mastodon's forward option: a Flag from the instance
 * actor (the reporter stays anonymous) naming the account and the reported statuses, with the comment.
 */
export async function federateReportForward(
  ctx: AppContext,
  report: { id: string; comment: string; status_ids: readonly string[] },
  target: AccountsTable,
) {
  if (!target.domain) return;
  await federate(ctx, null, 'Flag', async (context) => {
    const statuses = report.status_ids.length
      ? await ctx.db
          .selectFrom('statuses')
          .selectAll()
          .where('id', 'in', [...report.status_ids])
          .execute()
      : [];
    const targetUri = actorUriOf(context, target);
    const flag = new Flag({
      id: new URL(`${ctx.config.publicUrl}/reports/${report.id}`),
      actor: context.getActorUri(INSTANCE_ACTOR),
      objects: [targetUri, ...(await Promise.all(statuses.map((status) => statusIdOf(context, status))))],
      content: report.comment,
      to: targetUri,
    });
    await sendTo(context, INSTANCE_ACTOR, [target], flag);
  });
}
