import type { FastifyInstance } from 'fastify';
import type { Tag, TrendsLink } from '@palchat/api';
import type { AppContext } from '../context.js';
import { isoDaysAgo } from '../lib/time.js';
import { serializeStatuses } from '../statuses/serializer.js';
import { notSilencedBy, visibleTo } from '../statuses/visibility.js';
import { offsetQuerySchema } from '../timelines/pagination.js';
import { tagHistories, tagUrl } from './tag-history.js';
import { publicRoute } from '../auth/route-scopes.js';

const TREND_WINDOW_DAYS = 7;

/** Trends computed from the last week of public statuses (no review queue yet). */
export async function trendRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const statusQuery = offsetQuerySchema(20, 40);
  const tagQuery = offsetQuerySchema(10, 20);

  app.get('/api/v1/trends/statuses', publicRoute, async (request) => {
    const viewer = request.viewer?.account ?? null;
    const { offset, limit } = statusQuery.parse(request.query);
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

  app.get('/api/v1/trends/tags', publicRoute, async (request) => {
    const { offset, limit } = tagQuery.parse(request.query);
    return trendingTags(offset, limit);
  });
  app.get('/api/v1/trends', publicRoute, async (request) => {
    const { offset, limit } = tagQuery.parse(request.query);
    return trendingTags(offset, limit);
  });

  app.get('/api/v1/trends/links', publicRoute, async (request): Promise<TrendsLink[]> => {
    const { offset, limit } = tagQuery.parse(request.query);
    const groups = await ctx.db
      .selectFrom('statuses')
      .select((eb) => [
        'statuses.link_url',
        eb.fn.count<number | string>('statuses.account_id').distinct().as('accounts'),
        eb.fn.countAll<number | string>().as('uses'),
      ])
      .where('statuses.link_url', 'is not', null)
      .where('statuses.visibility', '=', 'public')
      .where('statuses.deleted_at', 'is', null)
      .where('statuses.created_at', '>=', isoDaysAgo(TREND_WINDOW_DAYS))
      .groupBy('statuses.link_url')
      .orderBy('accounts', 'desc')
      .orderBy('uses', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    const today = String(Math.floor(Date.now() / 86_400_000) * 86_400);
    return groups.flatMap((group) => {
      if (!group.link_url || !URL.canParse(group.link_url)) return [];
      return [
        {
          url: group.link_url,
          title: new URL(group.link_url).host,
          description: '',
          type: 'link' as const,
          image: null,
          history: [{ day: today, uses: String(group.uses), accounts: String(group.accounts) }],
        },
      ];
    });
  });
}
