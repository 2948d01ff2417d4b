import type { AppContext } from '../context.js';
import type { StatusesTable } from '../db/schema.js';
import { isLimited } from '../moderation/limited.js';
import { directChannel, userChannel } from '../streaming/bus.js';
import { publishConversation } from '../timelines/direct-conversations.js';
import type { FeedRef } from '../timelines/feeds.js';
import { serializeStatus } from './serializer.js';
import { accountsSilencing, followersAmong, followersWithReblogOption } from '../relationships/store.js';

export type StatusEvent = 'update' | 'status.update' | 'delete';

export interface StreamOptions {
  /** the home and list streams to leave out: feeds a boost stayed out of (timelines/feeds.ts feedsLeftOut) */
  skippedFeeds?: readonly FeedRef[];
}

/** Of `candidates`, those who also follow `accountId` (home shows replies only within the followed circle). */
async function alsoFollowing(ctx: AppContext, candidates: string[], accountId: string): Promise<string[]> {
  if (candidates.length === 0) return [];
  return [...(await followersAmong(ctx.db, accountId, candidates))];
}

/** Owners of exclusive lists with `authorId` in them: those posts stay out of their home. */
async function exclusiveListOwners(ctx: AppContext, authorId: string): Promise<Set<string>> {
  const rows = await ctx.db
    .selectFrom('list_accounts')
    .innerJoin('lists', 'lists.id', 'list_accounts.list_id')
    .select('lists.account_id')
    .where('list_accounts.account_id', '=', authorId)
    .where('lists.exclusive', '=', 1)
    .execute();
  return new Set(rows.map((row) => row.account_id));
}

/** Who follows a hashtag of a public, original status (home shows those posts too). */
async function tagFollowers(ctx: AppContext, status: StatusesTable): Promise<string[]> {
  if (status.visibility !== 'public' || status.reblog_of_id) return [];
  const rows = await ctx.db
    .selectFrom('status_tags')
    .innerJoin('followed_tags', 'followed_tags.tag_id', 'status_tags.tag_id')
    .select('followed_tags.account_id')
    .distinct()
    .where('status_tags.status_id', '=', status.id)
    .execute();
  return rows.map((row) => row.account_id);
}

/**
 * The lists (owned by `owners`) whose timeline shows the status, by each list's replies policy: `none` no
 * replies to others, `list` replies to members or the owner, `followed` replies to whom the owner follows.
 */
async function listsShowing(ctx: AppContext, status: StatusesTable, owners: Set<string>): Promise<string[]> {
  if (owners.size === 0) return [];
  const lists = (
    await ctx.db
      .selectFrom('list_accounts')
      .innerJoin('lists', 'lists.id', 'list_accounts.list_id')
      .select(['lists.id', 'lists.account_id', 'lists.replies_policy'])
      .where('list_accounts.account_id', '=', status.account_id)
      .execute()
  ).filter((list) => owners.has(list.account_id));
  const repliedTo = status.in_reply_to_account_id;
  if (!repliedTo || repliedTo === status.account_id || lists.length === 0)
    return lists.map((list) => list.id);
  const [memberOf, followedBy] = await Promise.all([
    ctx.db
      .selectFrom('list_accounts')
      .select('list_id')
      .where('account_id', '=', repliedTo)
      .where(
        'list_id',
        'in',
        lists.map((list) => list.id),
      )
      .execute(),
    alsoFollowing(
      ctx,
      lists.map((list) => list.account_id),
      repliedTo,
    ),
  ]);
  const members = new Set(memberOf.map((row) => row.list_id));
  const following = new Set(followedBy);
  return lists
    .filter((list) => {
      if (list.account_id === repliedTo) return list.replies_policy !== 'none';
      if (list.replies_policy === 'list') return members.has(list.id);
      if (list.replies_policy === 'followed') return following.has(list.account_id);
      return false;
    })
    .map((list) => list.id);
}

interface Audience {
  /** home streams (`user:<id>`) */
  homes: string[];
  /** `direct:<id>` streams */
  directs: string[];
  /** public, public:local|remote, their :media twins, hashtag:<tag> and hashtag:local:<tag> */
  shared: string[];
  lists: string[];
}

/** The public streams of a public, original status (top-level or self-reply; media ones when it has media). */
async function sharedStreams(ctx: AppContext, status: StatusesTable, event: StatusEvent): Promise<string[]> {
  if (status.visibility !== 'public' || status.reblog_of_id) return [];
  const place = status.local ? 'public:local' : 'public:remote';
  const streams: string[] = [];
  const repliesToOther =
    status.in_reply_to_account_id !== null && status.in_reply_to_account_id !== status.account_id;
  if (!repliesToOther) {
    streams.push('public', place);
    // a deleted status has released its media already: its removal goes to the media streams regardless
    const media =
      event === 'delete' ||
      (await ctx.db
        .selectFrom('status_media')
        .select('status_id')
        .where('status_id', '=', status.id)
        .executeTakeFirst());
    if (media) streams.push('public:media', `${place}:media`);
  }
  const tags = await ctx.db
    .selectFrom('status_tags')
    .innerJoin('tags', 'tags.id', 'status_tags.tag_id')
    .select('tags.name_lower')
    .where('status_tags.status_id', '=', status.id)
    .execute();
  for (const { name_lower: tag } of tags) {
    streams.push(`hashtag:${tag}`);
    if (status.local) streams.push(`hashtag:local:${tag}`);
  }
  return streams;
}

/** Where a status goes, following the same rules as the home, public, tag and list timelines. */
async function audienceOf(ctx: AppContext, status: StatusesTable, event: StatusEvent): Promise<Audience> {
  if (status.visibility === 'direct') {
    const mentioned = await ctx.db
      .selectFrom('status_mentions')
      .select('account_id')
      .where('status_id', '=', status.id)
      .execute();
    return {
      homes: [],
      directs: [status.account_id, ...mentioned.map((row) => row.account_id)],
      shared: [],
      lists: [],
    };
  }
  const original = status.reblog_of_id
    ? await ctx.db
        .selectFrom('statuses')
        .select('account_id')
        .where('id', '=', status.reblog_of_id)
        .executeTakeFirst()
    : undefined;
  const silenced = await accountsSilencing(ctx.db, [
    status.account_id,
    ...(original ? [original.account_id] : []),
  ]);
  const followers = (await followersWithReblogOption(ctx.db, status.account_id)).filter(
    (row) => !silenced.has(row.account_id),
  );

  let homes = followers
    .filter((row) => !status.reblog_of_id || row.show_reblogs === 1)
    .map((row) => row.account_id);
  const replied = status.in_reply_to_account_id;
  if (replied && replied !== status.account_id) {
    homes = [...(await alsoFollowing(ctx, homes, replied)), ...homes.filter((id) => id === replied)];
  }
  const exclusive = await exclusiveListOwners(ctx, status.account_id);
  homes = homes.filter((id) => !exclusive.has(id));
  // a limited author's posts reach their followers only: no public or hashtag streams, no tag followers
  const author = await ctx.db
    .selectFrom('accounts')
    .select(['domain', 'silenced_at'])
    .where('id', '=', status.account_id)
    .executeTakeFirst();
  const broadcast = !author || event === 'delete' || !(await isLimited(ctx.db, author));
  const byTag = broadcast ? (await tagFollowers(ctx, status)).filter((id) => !silenced.has(id)) : [];
  return {
    homes: [status.account_id, ...homes, ...byTag],
    directs: [],
    shared: broadcast ? await sharedStreams(ctx, status, event) : [],
    lists: await listsShowing(ctx, status, new Set(followers.map((row) => row.account_id))),
  };
}

/**
 * Streams a status change (`update`, `status.update`) or removal (`delete`) to every stream that shows it.
 * The payload is rendered once, without viewer state, as Mastodon's streaming server does.
 */
export async function publishStatusEvent(
  ctx: AppContext,
  status: StatusesTable,
  event: StatusEvent,
  { skippedFeeds = [] }: StreamOptions = {},
): Promise<void> {
  const audience = await audienceOf(ctx, status, event);
  const skipped = new Set(skippedFeeds.map((feed) => `${feed.kind}:${feed.ownerId}`));
  const homes = audience.homes.filter((id) => !skipped.has(`home:${id}`));
  const lists = audience.lists.filter((id) => !skipped.has(`list:${id}`));
  let payload: unknown = status.id;
  if (event !== 'delete') {
    payload = await serializeStatus(ctx, status, null, undefined, { audienceChecked: true });
    if (!payload) return;
  }
  const channels = [
    ...new Set(homes.map(userChannel)),
    // as on Mastodon, the direct stream tells of a new or edited private mention with `conversation` alone
    ...(event === 'delete' ? new Set(audience.directs.map(directChannel)) : []),
    ...audience.shared,
    ...lists.map((id) => `list:${id}`),
  ];
  await Promise.all(channels.map((channel) => ctx.bus.publish(channel, event, payload)));
  // a private mention changes the conversation of everyone in it: new last status, unread again
  if (status.conversation_id && audience.directs.length) {
    await publishConversation(ctx, status.conversation_id, audience.directs);
  }
}

/** Fire-and-forget publishing: a failed fan-out must not fail the request that already committed. */
export function streamStatus(
  ctx: AppContext,
  status: StatusesTable,
  event: StatusEvent,
  options?: StreamOptions,
): Promise<void> {
  return publishStatusEvent(ctx, status, event, options).catch(() => undefined);
}
