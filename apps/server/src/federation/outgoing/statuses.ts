import { Announce, Create, Delete, Like, Note, PUBLIC_COLLECTION, Tombstone, Undo } from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { AccountsTable, PollsTable, StatusesTable } from '../../db/schema.js';
import { pollOptions } from '../../polls/serializer.js';
import { actorUriOf } from '../recipients.js';
import { noteOfStatus, statusUri } from './note.js';
import { MastodonCreate, MastodonUpdate } from './media-terms.js';
import { remoteAccountsByIds, remoteFollowersOf } from './recipients.js';
import { federate, sendTo, uniqueSuffix, type OutgoingContext } from './send.js';
import { getAccountById } from '../../accounts/store.js';

type Author = Pick<AccountRow, 'id' | 'username' | 'domain'>;

/** The id of any status: a remote one's stored uri, a local one's URI under its author. */
export async function statusIdOf(context: OutgoingContext, status: StatusesTable): Promise<URL> {
  if (status.uri) return new URL(status.uri);
  const author = await context.data.db
    .selectFrom('accounts')
    .select('username')
    .where('id', '=', status.account_id)
    .executeTakeFirstOrThrow();
  return statusUri(context, author.username, status.id);
}

async function mentionedAccountIds(ctx: AppContext, statusId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('status_mentions')
    .select('account_id')
    .where('status_id', '=', statusId)
    .execute();
  return rows.map((row) => row.account_id);
}

/** Remote accounts that boosted the status: its Update and Delete reach their servers too. */
async function remoteBoosterIds(ctx: AppContext, statusId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('statuses')
    .select('account_id')
    .where('reblog_of_id', '=', statusId)
    .where('local', '=', 0)
    .execute();
  return rows.map((row) => row.account_id);
}

/**
 * Who hears of a local status, as Mastodon's StatusReachFinder: a direct status only the mentioned accounts;
 * any other the author's remote followers, the mentioned accounts and the author of the status it replies to
 * (and, for edits and deletes, the remote accounts that boosted it).
 */
async function statusAudience(
  ctx: AppContext,
  status: StatusesTable,
  { withBoosters = false } = {},
): Promise<AccountsTable[]> {
  const mentioned = await mentionedAccountIds(ctx, status.id);
  if (status.visibility === 'direct') return remoteAccountsByIds(ctx, mentioned);
  const others = [
    ...mentioned,
    ...(status.in_reply_to_account_id ? [status.in_reply_to_account_id] : []),
    ...(withBoosters ? await remoteBoosterIds(ctx, status.id) : []),
  ];
  const [followers, accounts] = await Promise.all([
    remoteFollowersOf(ctx, status.account_id),
    remoteAccountsByIds(ctx, others),
  ]);
  return [...followers, ...accounts];
}

/**
 * Enqueues the Create(Note) of a new local status, `${statusUri}/activity`, addressed as the Note is: run from
 * the queue by the intent its write committed (durable.ts).
 */
export async function sendStatusCreate(context: OutgoingContext, author: Author, status: StatusesTable) {
  const note = await noteOfStatus(context, status);
  const activity = new MastodonCreate({
    id: new URL(`${note.id!.href}/activity`),
    actor: context.getActorUri(author.username),
    object: note,
    tos: note.toIds,
    ccs: note.ccIds,
    published: note.published,
  });
  await sendTo(context, author.username, await statusAudience(context.data, status), activity);
}

/** Update(Note) after an edit, to everyone who had the status and the accounts the edit mentions. */
export async function federateStatusUpdated(ctx: AppContext, author: Author, status: StatusesTable) {
  await federate(ctx, author, 'Update', (context) => sendStatusUpdate(context, author, status));
}

export async function sendStatusUpdate(context: OutgoingContext, author: Author, status: StatusesTable) {
  const note = await noteOfStatus(context, status);
  const activity = new MastodonUpdate({
    id: new URL(`${note.id!.href}#updates/${uniqueSuffix()}`),
    actor: context.getActorUri(author.username),
    object: note,
    tos: note.toIds,
    ccs: note.ccIds,
    updated: note.updated,
  });
  const audience = await statusAudience(context.data, status, { withBoosters: true });
  await sendTo(context, author.username, audience, activity);
}

/** Delete(Tombstone) of a local status; a deleted boost is an Undo(Announce) instead. */
export async function federateStatusDeleted(ctx: AppContext, author: Author, status: StatusesTable) {
  if (status.reblog_of_id) return federateBoostUndone(ctx, author, status);
  await federate(ctx, author, 'Delete', (context) => sendStatusDelete(context, author, status));
}

/** Delete(Tombstone) of a local status that is not a boost (durable.ts runs it from the queue). */
export async function sendStatusDelete(context: OutgoingContext, author: Author, status: StatusesTable) {
  const id = statusUri(context, author.username, status.id);
  const activity = new Delete({
    id: new URL(`${id.href}#delete`),
    actor: context.getActorUri(author.username),
    object: new Tombstone({ id }),
    to: PUBLIC_COLLECTION,
  });
  const audience = await statusAudience(context.data, status, { withBoosters: true });
  await sendTo(context, author.username, audience, activity);
}

async function findStatus(ctx: AppContext, id: string): Promise<StatusesTable> {
  return ctx.db.selectFrom('statuses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The Announce of a local boost, addressed as Mastodon addresses one (its visibility; the author in cc). */
async function announceOf(context: OutgoingContext, booster: Author, boost: StatusesTable) {
  const original = await findStatus(context.data, boost.reblog_of_id!);
  const originalAuthor = await getAccountById(context.data.db, original.account_id);
  const followers = context.getFollowersUri(booster.username);
  const authorUri = actorUriOf(context, originalAuthor);
  const publicCollection = PUBLIC_COLLECTION;
  const addressing =
    boost.visibility === 'public'
      ? { tos: [publicCollection], ccs: [authorUri, followers] }
      : boost.visibility === 'unlisted'
        ? { tos: [followers], ccs: [publicCollection, authorUri] }
        : { tos: [followers], ccs: [authorUri] };
  const announce = new Announce({
    id: new URL(`${statusUri(context, booster.username, boost.id).href}/activity`),
    actor: context.getActorUri(booster.username),
    object: await statusIdOf(context, original),
    published: Temporal.Instant.from(boost.created_at),
    ...addressing,
  });
  const audience = [...(await remoteFollowersOf(context.data, booster.id)), originalAuthor];
  return { announce, audience };
}

/** Announce of a boost: to the booster's followers and the original's author. */
export async function federateBoost(ctx: AppContext, booster: Author, boost: StatusesTable) {
  await federate(ctx, booster, 'Announce', async (context) => {
    const { announce, audience } = await announceOf(context, booster, boost);
    await sendTo(context, booster.username, audience, announce);
  });
}

/** Undo(Announce) when a boost is withdrawn (or deleted), to whoever had the Announce. */
export async function federateBoostUndone(ctx: AppContext, booster: Author, boost: StatusesTable) {
  await federate(ctx, booster, 'Undo(Announce)', async (context) => {
    const { announce, audience } = await announceOf(context, booster, boost);
    const undo = new Undo({
      id: new URL(`${announce.id!.href}#undo`),
      actor: announce.actorId,
      object: announce,
      tos: announce.toIds,
      ccs: announce.ccIds,
    });
    await sendTo(context, booster.username, audience, undo);
  });
}

async function likeOf(context: OutgoingContext, liker: Author, status: StatusesTable, favouriteId: string) {
  const author = await getAccountById(context.data.db, status.account_id);
  const like = new Like({
    id: new URL(`${context.getActorUri(liker.username).href}#likes/${favouriteId}`),
    actor: context.getActorUri(liker.username),
    object: await statusIdOf(context, status),
  });
  return { like, author };
}

/** Like of a remote status, to its author (a local status's author is told by the local notification). */
export async function federateFavourite(
  ctx: AppContext,
  liker: Author,
  status: StatusesTable,
  favouriteId: string,
) {
  if (status.local) return;
  await federate(ctx, liker, 'Like', async (context) => {
    const { like, author } = await likeOf(context, liker, status, favouriteId);
    await sendTo(context, liker.username, [author], like);
  });
}

export async function federateUnfavourite(
  ctx: AppContext,
  liker: Author,
  status: StatusesTable,
  favouriteId: string,
) {
  if (status.local) return;
  await federate(ctx, liker, 'Undo(Like)', async (context) => {
    const { like, author } = await likeOf(context, liker, status, favouriteId);
    const undo = new Undo({ id: new URL(`${like.id!.href}#undo`), actor: like.actorId, object: like });
    await sendTo(context, liker.username, [author], undo);
  });
}

/**
 * Votes in a remote poll, as Mastodon sends them: one Create(Note) per choice, the Note named after the
 * option, replying to the poll and addressed to its author only.
 */
export async function federatePollVote(
  ctx: AppContext,
  voter: Author,
  poll: PollsTable,
  votes: readonly { id: string; choice: number }[],
) {
  const status = await findStatus(ctx, poll.status_id);
  if (status.local) return;
  await federate(ctx, voter, 'poll vote', async (context) => {
    const author = await getAccountById(ctx.db, poll.account_id);
    const authorUri = actorUriOf(context, author);
    const actor = context.getActorUri(voter.username);
    const titles = pollOptions(poll);
    for (const vote of votes) {
      const id = new URL(`${actor.href}#votes/${vote.id}`);
      const note = new Note({
        id,
        attribution: actor,
        name: titles[vote.choice] ?? null,
        replyTarget: new URL(status.uri!),
        to: authorUri,
      });
      const activity = new Create({ id: new URL(`${id.href}/activity`), actor, object: note, to: authorUri });
      await sendTo(context, voter.username, [author], activity);
    }
  });
}
