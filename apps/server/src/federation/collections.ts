import type { Context, Federation, RequestContext } from '@fedify/fedify';
import { Announce, Create, Hashtag, type Activity, type Recipient } from '@fedify/vocab';
import type { AppContext } from '../context.js';
import type { StatusesTable } from '../db/schema.js';
import { findLocalActor } from './actors.js';
import { fetchAuthorized } from './fetch-authorization.js';
import { notesOf, statusUri } from './outgoing/note.js';
import { actorUriOf, recipientOf } from './recipients.js';
import { addressingForVisibility } from './visibility.js';
import { followsWithAccounts } from '../relationships/conditions.js';

const FOLLOWS_PAGE_SIZE = 40;
const OUTBOX_PAGE_SIZE = 20;
/** The first page's cursor; later pages' cursors are the id the page starts below. */
const FIRST_PAGE = 'first';

/** Follows of (`followers`) or by (`following`) an account, newest first, one page below `cursor`. */
async function followsPage(
  ctx: AppContext,
  accountId: string,
  direction: 'followers' | 'following',
  cursor: string,
) {
  let query = followsWithAccounts(ctx.db, accountId, direction)
    .selectAll('accounts')
    .select('follows.id as follow_id')
    .orderBy('follows.id', 'desc')
    .limit(FOLLOWS_PAGE_SIZE + 1);
  if (cursor !== FIRST_PAGE) query = query.where('follows.id', '<', cursor);
  const rows = await query.execute();
  const page = rows.slice(0, FOLLOWS_PAGE_SIZE);
  return {
    rows: page,
    nextCursor: rows.length > FOLLOWS_PAGE_SIZE ? (page.at(-1)?.follow_id ?? null) : null,
  };
}

async function countFollows(ctx: AppContext, identifier: string, column: 'followers' | 'following') {
  const row = await findLocalActor(ctx, identifier);
  if (!row) return null;
  return column === 'followers' ? row.followers_count : row.following_count;
}

/**
 * The followers to deliver to (the whole collection, as Fedify's `sendActivity(…, 'followers')` asks for it):
 * remote followers only — local ones read the status from the database — with their inboxes.
 */
async function remoteFollowerRecipients(ctx: AppContext, accountId: string): Promise<Recipient[]> {
  const rows = await followsWithAccounts(ctx.db, accountId, 'followers')
    .leftJoin('users', 'users.account_id', 'accounts.id')
    .selectAll('accounts')
    .where('users.account_id', 'is', null)
    .execute();
  return rows.flatMap((row) => recipientOf(row) ?? []);
}

type StatusRow = StatusesTable;

/** An outbox entry: Create of a local status's Note, or Announce of the status a reblog boosts. */
async function outboxActivities(context: RequestContext<AppContext>, username: string, rows: StatusRow[]) {
  const originals = rows.filter((row) => row.reblog_of_id === null);
  const notes = new Map(
    (await notesOf(context, originals)).map((note, index) => [originals[index]!.id, note]),
  );
  const boostedIds = rows.flatMap((row) => row.reblog_of_id ?? []);
  const boosted =
    boostedIds.length === 0
      ? []
      : await context.data.db
          .selectFrom('statuses')
          .innerJoin('accounts', 'accounts.id', 'statuses.account_id')
          .select(['statuses.id', 'accounts.username'])
          .where('statuses.id', 'in', boostedIds)
          .execute();
  const boostedAuthor = new Map(boosted.map((row) => [row.id, row.username]));
  const actor = context.getActorUri(username);
  return rows.flatMap((row): Activity[] => {
    const uri = statusUri(context, username, row.id);
    const published = Temporal.Instant.from(row.created_at);
    if (row.reblog_of_id === null) {
      const note = notes.get(row.id)!;
      return [
        new Create({
          id: new URL(`${uri.href}/activity`),
          actor,
          published,
          tos: note.toIds,
          ccs: note.ccIds,
          object: note,
        }),
      ];
    }
    const originalAuthor = boostedAuthor.get(row.reblog_of_id);
    if (!originalAuthor) return [];
    const { to, cc } = addressingForVisibility({
      visibility: row.visibility,
      followersUrl: context.getFollowersUri(username),
      mentionedUris: [context.getActorUri(originalAuthor)],
    });
    return [
      new Announce({
        id: new URL(`${uri.href}/activity`),
        actor,
        published,
        tos: to,
        ccs: cc,
        object: statusUri(context, originalAuthor, row.reblog_of_id),
      }),
    ];
  });
}

/** Public and unlisted statuses and reblogs of an account, newest first, one page below `cursor`. */
async function outboxPage(ctx: AppContext, accountId: string, cursor: string) {
  let query = ctx.db
    .selectFrom('statuses')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('visibility', 'in', ['public', 'unlisted'])
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(OUTBOX_PAGE_SIZE + 1);
  if (cursor !== FIRST_PAGE) query = query.where('id', '<', cursor);
  const rows = await query.execute();
  const page = rows.slice(0, OUTBOX_PAGE_SIZE);
  return { rows: page, nextCursor: rows.length > OUTBOX_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null };
}

/** An account's pinned public and unlisted statuses (at most MAX_PINNED_STATUSES), latest pin first. */
function pinnedStatuses(ctx: AppContext, accountId: string) {
  return ctx.db
    .selectFrom('status_pins')
    .innerJoin('statuses', 'statuses.id', 'status_pins.status_id')
    .selectAll('statuses')
    .where('status_pins.account_id', '=', accountId)
    .where('statuses.visibility', 'in', ['public', 'unlisted'])
    .where('statuses.deleted_at', 'is', null)
    .orderBy('status_pins.created_at', 'desc')
    .execute();
}

/** An account's featured hashtags (at most MAX_FEATURED_TAGS), in the order they were featured. */
async function featuredTagNames(ctx: AppContext, accountId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('featured_tags')
    .innerJoin('tags', 'tags.id', 'featured_tags.tag_id')
    .select('tags.name')
    .where('featured_tags.account_id', '=', accountId)
    .orderBy('featured_tags.created_at')
    .execute();
  return rows.map((row) => row.name);
}

const firstCursor = async (context: Context<AppContext>, identifier: string) =>
  (await findLocalActor(context.data, identifier)) ? FIRST_PAGE : null;

/** followers, following, outbox (paged, Mastodon's shape), featured and featured tags (whole). */
export function registerCollections(federation: Federation<AppContext>): void {
  federation
    .setFollowersDispatcher('/users/{identifier}/followers', async (context, identifier, cursor) => {
      const account = await findLocalActor(context.data, identifier);
      if (!account) return null;
      if (cursor === null) return { items: await remoteFollowerRecipients(context.data, account.id) };
      const page = await followsPage(context.data, account.id, 'followers', cursor);
      return {
        items: page.rows.map((row) => ({ id: actorUriOf(context, row), inboxId: null })),
        nextCursor: page.nextCursor,
      };
    })
    .setCounter((context, identifier) => countFollows(context.data, identifier, 'followers'))
    .setFirstCursor(firstCursor)
    .authorize((context) => fetchAuthorized(context));

  federation
    .setFollowingDispatcher('/users/{identifier}/following', async (context, identifier, cursor) => {
      const account = await findLocalActor(context.data, identifier);
      if (!account || cursor === null) return null;
      const page = await followsPage(context.data, account.id, 'following', cursor);
      return { items: page.rows.map((row) => actorUriOf(context, row)), nextCursor: page.nextCursor };
    })
    .setCounter((context, identifier) => countFollows(context.data, identifier, 'following'))
    .setFirstCursor(firstCursor)
    .authorize((context) => fetchAuthorized(context));

  federation
    .setOutboxDispatcher('/users/{identifier}/outbox', async (context, identifier, cursor) => {
      const account = await findLocalActor(context.data, identifier);
      if (!account || cursor === null) return null;
      const page = await outboxPage(context.data, account.id, cursor);
      return {
        items: await outboxActivities(context, account.username, page.rows),
        nextCursor: page.nextCursor,
      };
    })
    .setCounter(async (context, identifier) => {
      const account = await findLocalActor(context.data, identifier);
      if (!account) return null;
      const row = await context.data.db
        .selectFrom('statuses')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('account_id', '=', account.id)
        .where('visibility', 'in', ['public', 'unlisted'])
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    })
    .setFirstCursor(firstCursor)
    .authorize((context) => fetchAuthorized(context));

  federation
    .setFeaturedDispatcher('/users/{identifier}/collections/featured', async (context, identifier) => {
      const account = await findLocalActor(context.data, identifier);
      if (!account) return null;
      return { items: await notesOf(context, await pinnedStatuses(context.data, account.id)) };
    })
    .setCounter(async (context, identifier) => {
      const account = await findLocalActor(context.data, identifier);
      return account ? (await pinnedStatuses(context.data, account.id)).length : null;
    })
    .authorize((context) => fetchAuthorized(context));

  federation
    .setFeaturedTagsDispatcher('/users/{identifier}/collections/tags', async (context, identifier) => {
      const account = await findLocalActor(context.data, identifier);
      if (!account) return null;
      const tags = await featuredTagNames(context.data, account.id);
      const { publicUrl } = context.data.config;
      return {
        items: tags.map(
          (name) =>
            new Hashtag({
              href: new URL(`${publicUrl}/@${account.username}/tagged/${encodeURIComponent(name)}`),
              name: `#${name}`,
            }),
        ),
      };
    })
    .setCounter(async (context, identifier) => {
      const account = await findLocalActor(context.data, identifier);
      return account ? (await featuredTagNames(context.data, account.id)).length : null;
    })
    .authorize((context) => fetchAuthorized(context));
}
