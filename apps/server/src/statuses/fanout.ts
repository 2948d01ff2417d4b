import type { AppContext } from '../context.js';
import type { StatusesTable } from '../db/schema.js';
import { nowIso } from '../lib/time.js';
import { directChannel, userChannel } from '../streaming/bus.js';
import { publishConversation } from '../timelines/direct-conversations.js';
import { serializeStatus } from './serializer.js';

export type StatusEvent = 'update' | 'status.update' | 'delete';

/** Followers of `authorId` who neither block nor mute them (muting with an expiry counts until it ends). */
async function attentiveFollowers(ctx: AppContext, authorId: string, onlyShowingReblogs: boolean) {
  const now = nowIso();
  let query = ctx.db
    .selectFrom('follows')
    .select('follows.account_id')
    .where('follows.target_account_id', '=', authorId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('blocks')
            .select('blocks.id')
            .whereRef('blocks.account_id', '=', 'follows.account_id')
            .where('blocks.target_account_id', '=', authorId),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('mutes')
            .select('mutes.id')
            .whereRef('mutes.account_id', '=', 'follows.account_id')
            .where('mutes.target_account_id', '=', authorId)
            .where((inner) =>
              inner.or([inner('mutes.expires_at', 'is', null), inner('mutes.expires_at', '>', now)]),
            ),
        ),
      ),
    );
  if (onlyShowingReblogs) query = query.where('follows.show_reblogs', '=', 1);
  return (await query.execute()).map((row) => row.account_id);
}

/** Of `candidates`, those who also follow `accountId` (home shows replies only within the followed circle). */
async function alsoFollowing(ctx: AppContext, candidates: string[], accountId: string): Promise<string[]> {
  if (candidates.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('follows')
    .select('account_id')
    .where('target_account_id', '=', accountId)
    .where('account_id', 'in', candidates)
    .execute();
  return rows.map((row) => row.account_id);
}

interface Audience {
  /** home streams (`user:<id>`) */
  homes: string[];
  /** `direct:<id>` streams */
  directs: string[];
  /** public, public:local|remote and hashtag:<tag> */
  shared: string[];
  lists: string[];
}

/** Where a status goes, following the same rules as the home, public, tag and list timelines. */
async function audienceOf(ctx: AppContext, status: StatusesTable): Promise<Audience> {
  const audience: Audience = { homes: [status.account_id], directs: [], shared: [], lists: [] };
  if (status.visibility === 'direct') {
    const mentioned = await ctx.db
      .selectFrom('status_mentions')
      .select('account_id')
      .where('status_id', '=', status.id)
      .execute();
    audience.homes = [];
    audience.directs = [status.account_id, ...mentioned.map((row) => row.account_id)];
    return audience;
  }
  let followers = await attentiveFollowers(ctx, status.account_id, Boolean(status.reblog_of_id));
  const repliesToOther =
    status.in_reply_to_account_id !== null && status.in_reply_to_account_id !== status.account_id;
  if (repliesToOther && status.in_reply_to_account_id) {
    const replied = status.in_reply_to_account_id;
    followers = [
      ...(await alsoFollowing(ctx, followers, replied)),
      ...followers.filter((id) => id === replied),
    ];
  }
  if (status.reblog_of_id) {
    const original = await ctx.db
      .selectFrom('statuses')
      .select('account_id')
      .where('id', '=', status.reblog_of_id)
      .executeTakeFirst();
    // people who block the original author do not get the boost either
    if (original && followers.length) {
      const blocking = await ctx.db
        .selectFrom('blocks')
        .select('account_id')
        .where('target_account_id', '=', original.account_id)
        .where('account_id', 'in', followers)
        .execute();
      const skip = new Set(blocking.map((row) => row.account_id));
      followers = followers.filter((id) => !skip.has(id));
    }
  }
  audience.homes.push(...followers);
  if (followers.length) {
    const lists = await ctx.db
      .selectFrom('list_accounts')
      .innerJoin('lists', 'lists.id', 'list_accounts.list_id')
      .select('lists.id')
      .where('list_accounts.account_id', '=', status.account_id)
      .where('lists.account_id', 'in', followers)
      .execute();
    audience.lists = lists.map((row) => row.id);
  }
  const topLevel = !repliesToOther;
  if (status.visibility === 'public' && !status.reblog_of_id) {
    if (topLevel) audience.shared.push('public', status.local ? 'public:local' : 'public:remote');
    const tags = await ctx.db
      .selectFrom('status_tags')
      .innerJoin('tags', 'tags.id', 'status_tags.tag_id')
      .select('tags.name_lower')
      .where('status_tags.status_id', '=', status.id)
      .execute();
    audience.shared.push(...tags.map((tag) => `hashtag:${tag.name_lower}`));
  }
  return audience;
}

/**
 * Streams a status change (`update`, `status.update`) or removal (`delete`) to every stream that shows it.
 * The payload is rendered once, without viewer state, as Mastodon's streaming server does.
 */
export async function publishStatusEvent(
  ctx: AppContext,
  status: StatusesTable,
  event: StatusEvent,
): Promise<void> {
  const audience = await audienceOf(ctx, status);
  let payload: unknown = status.id;
  if (event !== 'delete') {
    payload = await serializeStatus(ctx, status, null);
    if (!payload) return;
  }
  const channels = [
    ...new Set(audience.homes.map(userChannel)),
    ...new Set(audience.directs.map(directChannel)),
    ...audience.shared,
    ...audience.lists.map((id) => `list:${id}`),
  ];
  await Promise.all(channels.map((channel) => ctx.bus.publish(channel, event, payload)));
  // a private mention changes the conversation of everyone in it: new last status, unread again
  if (status.conversation_id && audience.directs.length) {
    await publishConversation(ctx, status.conversation_id, audience.directs);
  }
}

/** Fire-and-forget publishing: a failed fan-out must not fail the request that already committed. */
export function streamStatus(ctx: AppContext, status: StatusesTable, event: StatusEvent): Promise<void> {
  return publishStatusEvent(ctx, status, event).catch(() => undefined);
}
