import type { Tag, TrendsLink } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { StatusesTable } from '../db/schema.js';
import { isoDaysAgo } from '../lib/time.js';
import { serializePreviewCard } from '../statuses/cards.js';
import { mostInteractedPublicStatuses } from '../statuses/store.js';
import { inPublicViews } from '../statuses/visibility.js';
import { notFromRejectedPublisher } from './rejected-publishers.js';
import { linkHistories, tagHistories, tagUrl } from './tag-history.js';

const TREND_WINDOW_DAYS = 7;

/** Trends come from the last week of public statuses of accounts in public views (no review queue yet). */
export const trendingSince = (): string => isoDaysAgo(TREND_WINDOW_DAYS);

/** The week's public statuses with the most boosts, favourites and replies. */
export async function trendingStatuses(
  ctx: AppContext,
  viewer: AccountRow | null,
  offset: number,
  limit: number,
): Promise<StatusesTable[]> {
  return mostInteractedPublicStatuses(ctx.db, viewer?.id ?? null, trendingSince(), offset, limit);
}

/** The week's hashtags used by the most accounts (ties: the latest used first); `id` is the tag's, for the admin API. */
export async function trendingTags(
  ctx: AppContext,
  offset: number,
  limit: number,
): Promise<(Tag & { id: string })[]> {
  const groups = await ctx.db
    .selectFrom('statuses')
    .innerJoin('status_tags', 'status_tags.status_id', 'statuses.id')
    .innerJoin('tags', 'tags.id', 'status_tags.tag_id')
    .where(inPublicViews(null))
    .select((eb) => [
      'tags.id',
      'tags.name_lower',
      eb.fn.count<number | string>('statuses.account_id').distinct().as('accounts'),
      eb.fn.countAll<number | string>().as('uses'),
      eb.fn.max('statuses.created_at').as('last_used_at'),
    ])
    .where('statuses.visibility', '=', 'public')
    .where('statuses.deleted_at', 'is', null)
    .where('statuses.created_at', '>=', trendingSince())
    .groupBy(['tags.id', 'tags.name_lower'])
    .orderBy('accounts', 'desc')
    .orderBy('uses', 'desc')
    .orderBy('last_used_at', 'desc')
    .orderBy('tags.name_lower')
    .offset(offset)
    .limit(limit)
    .execute();
  const histories = await tagHistories(
    ctx.db,
    groups.map((group) => group.id),
  );
  return groups.map((group) => ({
    id: group.id,
    name: group.name_lower,
    url: tagUrl(ctx, group.name_lower),
    history: histories.get(group.id) ?? [],
  }));
}

/** Links shared in the week's public statuses, those whose page gave a preview card (ties: the latest shared first). */
export async function trendingLinks(ctx: AppContext, offset: number, limit: number): Promise<TrendsLink[]> {
  const groups = await ctx.db
    .selectFrom('statuses')
    .innerJoin('preview_cards', 'preview_cards.url', 'statuses.link_url')
    .where(inPublicViews(null))
    .select((eb) => [
      'preview_cards.url',
      eb.fn.count<number | string>('statuses.account_id').distinct().as('accounts'),
      eb.fn.countAll<number | string>().as('uses'),
      eb.fn.max('statuses.created_at').as('last_used_at'),
    ])
    .where('preview_cards.title', '!=', '')
    .where(notFromRejectedPublisher)
    .where('statuses.visibility', '=', 'public')
    .where('statuses.deleted_at', 'is', null)
    .where('statuses.created_at', '>=', trendingSince())
    .groupBy('preview_cards.url')
    .orderBy('accounts', 'desc')
    .orderBy('uses', 'desc')
    .orderBy('last_used_at', 'desc')
    .orderBy('preview_cards.url')
    .offset(offset)
    .limit(limit)
    .execute();
  const urls = groups.map((group) => group.url);
  const [cards, histories] = await Promise.all([
    urls.length
      ? ctx.db.selectFrom('preview_cards').selectAll().where('url', 'in', urls).execute()
      : Promise.resolve([]),
    linkHistories(ctx.db, urls),
  ]);
  const cardOf = new Map(cards.map((card) => [card.url, card]));
  return urls.flatMap((url) => {
    const card = cardOf.get(url);
    return card ? [{ ...serializePreviewCard(card), history: histories.get(url) ?? [] }] : [];
  });
}
