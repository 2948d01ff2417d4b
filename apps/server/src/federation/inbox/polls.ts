import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { StatusesTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { isExpired, pollOptions } from '../../polls/serializer.js';

/**
 * A remote vote in a local poll, as Mastodon sends it: one Create(Note) per chosen option, its `name` the option's
 * title, replying to the poll. Counted once per voter and option; a single-choice poll takes a voter's first
 * choice only; votes after the end or by the poll's author are ignored.
 */
export async function recordRemoteVote(
  ctx: AppContext,
  status: StatusesTable,
  voter: AccountRow,
  optionTitle: string,
): Promise<void> {
  const poll = await ctx.db
    .selectFrom('polls')
    .selectAll()
    .where('status_id', '=', status.id)
    .executeTakeFirst();
  if (!poll || isExpired(poll) || poll.account_id === voter.id) return;
  const choice = pollOptions(poll).indexOf(optionTitle.trim());
  if (choice < 0) return;
  await ctx.db.transaction().execute(async (tx) => {
    if (!poll.multiple) {
      const voted = await tx
        .selectFrom('poll_votes')
        .select('id')
        .where('poll_id', '=', poll.id)
        .where('account_id', '=', voter.id)
        .executeTakeFirst();
      if (voted) return;
    }
    await tx
      .insertInto('poll_votes')
      .values({ id: newId(), poll_id: poll.id, account_id: voter.id, choice, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['poll_id', 'account_id', 'choice']).doNothing())
      .execute();
  });
}
