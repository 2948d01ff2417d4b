import type { FastifyInstance } from 'fastify';
import type { Tag, TrendsLink } from '@palchat/api';
import type { AppContext } from '../context.js';
import { isoDaysAgo } from '../lib/time.js';
import { serializeStatuses } from '../statuses/serializer.js';
import { notSilencedBy, visibleTo } from '../statuses/visibility.js';
import { offsetQuerySchema } from '../timelines/pagination.js';
import { linkHistories, tagHistories, tagUrl } from './tag-history.js';
import { setOffsetLinkHeader } from './offset-link-header.js';
import { serializePreviewCard } from '../statuses/cards.js';
import { publicRoute } from '../auth/route-scopes.js';

const TREND_WINDOW_DAYS = 7;

/** Trends computed from the last week of public statuses (no review queue yet). */
export async function trendRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const statusQuery = offsetQuerySchema(20, 40);
  const tagQuery = offsetQuerySchema(10, 20);

  app.get('/api/v1/trends/statuses', publicRoute, async (request, reply) => {
    const viewer = request.viewer?.account ?? null;
    const page = statusQuery.parse(request.query);
    const { offset, limit } = page;
    const rows = await ctx.db
      .selectFrom('statuses')
      .selectAll('statuses')
      .where(visibleTo(viewer?.id ?? null))
      .where(notSilencedBy(viewer?.id ?? null))
      .where('statuses.visibility', '=', 'public')
      .where('statuses.reblog_of_id', 'is', null)
      .where('statuses.created_at', '>=', isoDaysAgo(TREND_WINDOW_DAYS))
      .where(
        (eb) =>
          eb(
            eb('statuses.reblogs_count', '+', eb.ref('statuses.favourites_count')),
            '+',
            eb.ref('statuses.replies_count'),
          ),
        '>',
        0,
      )
      .orderBy(
        (eb) =>
          eb(
            eb('statuses.reblogs_count', '+', eb.ref('statuses.favourites_count')),
            '+',
            eb.ref('statuses.replies_count'),
          ),
        'desc',
      )
      .orderBy('statuses.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    setOffsetLinkHeader(request, reply, page, rows.length);
    return serializeStatuses(ctx, rows, viewer);
  });

  const trendingTags = async (offset: number, limit: number): Promise<Tag[]> => {
    const groups = await ctx.db
      .selectFrom('status_tags')
      .innerJoin('statuses', 'statuses.id', 'status_tags.status_id')
      .innerJoin('tags', 'tags.id', 'status_tags.tag_id')
      .select((eb) => [
        'tags.id',
        'tags.name_lower',
        eb.fn.count<number | string>('statuses.account_id').distinct().as('accounts'),
        eb.fn.countAll<number | string>().as('uses'),
      ])
      .where('statuses.visibility', '=', 'public')
      .where('statuses.deleted_at', 'is', null)
      .where('statuses.created_at', '>=', isoDaysAgo(TREND_WINDOW_DAYS))
      .groupBy(['tags.id', 'tags.name_lower'])
      .orderBy('accounts', 'desc')
      .orderBy('uses', 'desc')
      .orderBy('tags.name_lower')
      .offset(offset)
      .limit(limit)
      .execute();
    const histories = await tagHistories(
      ctx.db,
      groups.map((group) => group.id),
    );
    return groups.map((group) => ({
      name: group.name_lower,
      url: tagUrl(ctx, group.name_lower),
      history: histories.get(group.id) ?? [],
    }));
  };

  for (const url of ['/api/v1/trends/tags', '/api/v1/trends']) {
    app.get(url, publicRoute, async (request, reply) => {
      const page = tagQuery.parse(request.query);
      const tags = await trendingTags(page.offset, page.limit);
      setOffsetLinkHeader(request, reply, page, tags.length);
      return tags;
    });
  }

  /** Links shared in public statuses this week, those whose page gave a preview card. */
  app.get('/api/v1/trends/links', publicRoute, async (request, reply): Promise<TrendsLink[]> => {
    const page = tagQuery.parse(request.query);
    const groups = await ctx.db
      .selectFrom('statuses')
      .innerJoin('preview_cards', 'preview_cards.url', 'statuses.link_url')
      .select((eb) => [
        'preview_cards.url',
        eb.fn.count<number | string>('statuses.account_id').distinct().as('accounts'),
        eb.fn.countAll<number | string>().as('uses'),
      ])
      .where('preview_cards.title', '!=', '')
      .where('statuses.visibility', '=', 'public')
      .where('statuses.deleted_at', 'is', null)
      .where('statuses.created_at', '>=', isoDaysAgo(TREND_WINDOW_DAYS))
      .groupBy('preview_cards.url')
      .orderBy('accounts', 'desc')
      .orderBy('uses', 'desc')
      .orderBy('preview_cards.url')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const urls = groups.map((group) => group.url);
    const [cards, histories] = await Promise.all([
      urls.length
        ? ctx.db.selectFrom('preview_cards').selectAll().where('url', 'in', urls).execute()
        : Promise.resolve([]),
      linkHistories(ctx.db, urls),
    ]);
    const cardOf = new Map(cards.map((card) => [card.url, card]));
    setOffsetLinkHeader(request, reply, page, groups.length);
    return urls.flatMap((url) => {
      const card = cardOf.get(url);
      return card ? [{ ...serializePreviewCard(card), history: histories.get(url) ?? [] }] : [];
    });
  });
}
