import type { Poll } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { NotificationsTable, PollsTable, StatusesTable } from '../db/schema.js';
import { transactionWithEvents } from '../events/transaction.js';
import { notFound, unprocessable } from '../http/errors.js';
import { isId, newId, storedId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { publishNotification, recordNotification } from '../notifications/service.js';
import { findVisibleStatus } from '../statuses/service.js';
import { findStatusById } from '../statuses/store.js';
import { isExpired, pollOptions, serializePolls } from './serializer.js';

/** A poll whose status the viewer may read, or a 404. */
export async function findVisiblePoll(
  ctx: AppContext,
  viewer: AccountRow | null,
  id: string,
): Promise<PollsTable> {
  const poll = isId(id)
    ? await ctx.db.selectFrom('polls').selectAll().where('id', '=', storedId(id)).executeTakeFirst()
    : undefined;
  if (!poll) throw notFound();
  await findVisibleStatus(ctx.db, viewer, poll.status_id);
  return poll;
}

export async function renderPoll(
  ctx: AppContext,
  poll: PollsTable,
  viewer: AccountRow | null,
): Promise<Poll> {
  const rendered = (await serializePolls(ctx.db, [poll], viewer?.id ?? null)).get(poll.status_id);
  if (!rendered) throw notFound();
  return rendered;
}

/**
 * One vote per person: choices are option indexes, several only in a multiple-choice poll. A remote poll's
 * author counts the votes: they go to its server (PollVoted).
 */
export async function vote(
  ctx: AppContext,
  viewer: AccountRow,
  poll: PollsTable,
  choices: number[],
): Promise<void> {
  const options = pollOptions(poll);
  const unique = [...new Set(choices)];
  if (isExpired(poll)) throw unprocessable('polls.ended', 'poll_expired');
  if (poll.account_id === viewer.id) throw unprocessable('polls.own', 'poll_own');
  if (unique.length === 0 || unique.some((choice) => choice < 0 || choice >= options.length))
    throw unprocessable('polls.choice_indexes', 'poll_choice');
  if (!poll.multiple && unique.length > 1) throw unprocessable('polls.one_choice', 'poll_choice');
  const now = nowIso();
  const votes = unique.map((choice) => ({
    id: newId(),
    poll_id: poll.id,
    account_id: viewer.id,
    choice,
    created_at: now,
  }));
  await transactionWithEvents(ctx, async (tx, emit) => {
    const already = await tx
      .selectFrom('poll_votes')
      .select('id')
      .where('poll_id', '=', poll.id)
      .where('account_id', '=', viewer.id)
      .executeTakeFirst();
    if (already) throw unprocessable('polls.voted', 'poll_voted');
    await tx.insertInto('poll_votes').values(votes).execute();
    await emit({ type: 'PollVoted', voter: viewer, poll, votes });
  });
}

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
  await transactionWithEvents(ctx, async (tx, emit) => {
    if (!poll.multiple) {
      const voted = await tx
        .selectFrom('poll_votes')
        .select('id')
        .where('poll_id', '=', poll.id)
        .where('account_id', '=', voter.id)
        .executeTakeFirst();
      if (voted) return;
    }
    const vote = { id: newId(), poll_id: poll.id, account_id: voter.id, choice, created_at: nowIso() };
    const inserted = await tx
      .insertInto('poll_votes')
      .values(vote)
      .onConflict((oc) => oc.columns(['poll_id', 'account_id', 'choice']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0)
      await emit({ type: 'PollVoted', voter, poll, votes: [vote] });
  });
}

/**
 * "Poll ended" notifications: every ended poll not yet announced notifies its voters and its author (both
 * from the author, as Mastodon does). Run by the periodic sweep and before notifications are read; claiming
 * the poll (ended_notified 0 -> 1) in the same transaction makes it once only across processes.
 */
export async function announceEndedPolls(ctx: AppContext): Promise<void> {
  const ended = await ctx.db
    .selectFrom('polls')
    .selectAll()
    .where('ended_notified', '=', 0)
    .where('expires_at', '<=', nowIso())
    .limit(100)
    .execute();
  for (const poll of ended) {
    const written: (NotificationsTable | null)[] = [];
    await ctx.db.transaction().execute(async (tx) => {
      const claimed = await tx
        .updateTable('polls')
        .set({ ended_notified: 1 })
        .where('id', '=', poll.id)
        .where('ended_notified', '=', 0)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return;
      const status = await findStatusById(tx, poll.status_id);
      if (!status || status.deleted_at !== null) return;
      const voters = await tx
        .selectFrom('poll_votes')
        .select('account_id')
        .distinct()
        .where('poll_id', '=', poll.id)
        .execute();
      const recipients = new Set([...voters.map((voter) => voter.account_id), poll.account_id]);
      for (const recipient of recipients) {
        written.push(
          await recordNotification(tx, {
            accountId: recipient,
            fromAccountId: poll.account_id,
            type: 'poll',
            statusId: poll.status_id,
          }),
        );
      }
    });
    for (const notification of written) await publishNotification(ctx, notification);
  }
}
