import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { SearchResults } from '@palchat/api';
import type { AppContext } from '../context.js';
import { serializeAccount } from '../accounts/serializer.js';
import { unauthorized } from '../http/errors.js';
import { serializeStatuses } from '../statuses/serializer.js';
import { notSilencedBy, visibleTo } from '../statuses/visibility.js';
import { offsetQuerySchema } from '../timelines/pagination.js';
import { queryFlag } from '../timelines/query-flag.js';
import { serializeTags } from '../timelines/tag-routes.js';
import { scopes } from '../auth/route-scopes.js';

const searchQuery = offsetQuerySchema(20, 40).extend({
  q: z.string().trim().min(1).max(500),
  type: z.enum(['accounts', 'hashtags', 'statuses']).optional(),
  resolve: queryFlag,
  following: queryFlag,
  account_id: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});

/** `value` as a LIKE pattern matched literally ('!' is the escape character in both dialects). */
const likeLiteral = (value: string): string => value.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`);

/** Mastodon's v2 search over local data: account and hashtag prefixes, and words in readable statuses. */
export async function searchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/v2/search', scopes('read:search'), async (request): Promise<SearchResults> => {
    const viewer = request.viewer?.account ?? null;
    const query = searchQuery.parse(request.query);
    if (!viewer && query.offset > 0)
      throw unauthorized('Search queries with offset require an authenticated user');
    const wants = (type: 'accounts' | 'hashtags' | 'statuses') => !query.type || query.type === type;
    const results: SearchResults = { accounts: [], statuses: [], hashtags: [] };

    if (wants('accounts')) {
      const term = query.q.replace(/^@/, '').split('@')[0] ?? '';
      if (term) {
        const prefix = `${likeLiteral(term)}%`;
        let accounts = ctx.db
          .selectFrom('accounts')
          .selectAll('accounts')
          .where('accounts.approved', '=', 1)
          .where('accounts.disabled', '=', 0)
          .where((eb) =>
            eb.or([
              eb('accounts.username_lower', 'like', sql<string>`${prefix} escape '!'`),
              eb(eb.fn('lower', ['accounts.display_name']), 'like', sql<string>`${prefix} escape '!'`),
            ]),
          );
        if (query.following && viewer) {
          accounts = accounts.where('accounts.id', 'in', (eb) =>
            eb
              .selectFrom('follows')
              .select('follows.target_account_id')
              .where('follows.account_id', '=', viewer.id),
          );
        }
        if (viewer) {
          accounts = accounts.where('accounts.id', 'not in', (eb) =>
            eb
              .selectFrom('blocks')
              .select('blocks.account_id')
              .where('blocks.target_account_id', '=', viewer.id),
          );
        }
        const rows = await accounts
          .orderBy((eb) =>
            eb.case().when('accounts.username_lower', '=', term.toLowerCase()).then(0).else(1).end(),
          )
          .orderBy('accounts.followers_count', 'desc')
          .orderBy('accounts.username_lower')
          .offset(query.offset)
          .limit(query.limit)
          .execute();
        results.accounts = rows.map((row) => serializeAccount(ctx, row));
      }
    }

    if (wants('hashtags')) {
      const term = query.q.replace(/^#/, '');
      if (/^[\p{L}\p{N}_]+$/u.test(term)) {
        const rows = await ctx.db
          .selectFrom('tags')
          .selectAll()
          .where('name_lower', 'like', sql<string>`${`${likeLiteral(term)}%`} escape '!'`)
          .orderBy('name_lower')
          .offset(query.offset)
          .limit(query.limit)
          .execute();
        results.hashtags = await serializeTags(ctx, rows, viewer);
      }
    }

    // Like Mastodon, status search is for signed-in users only.
    if (wants('statuses') && viewer) {
      const pattern = `%${likeLiteral(query.q)}%`;
      let statuses = ctx.db
        .selectFrom('statuses')
        .selectAll('statuses')
        .where(visibleTo(viewer.id))
        .where(notSilencedBy(viewer.id))
        .where('statuses.reblog_of_id', 'is', null)
        .where((eb) => eb(eb.fn('lower', ['statuses.text']), 'like', sql<string>`${pattern} escape '!'`));
      if (query.account_id)
        statuses = statuses.where('statuses.account_id', '=', query.account_id.padStart(18, '0'));
      const rows = await statuses
        .orderBy('statuses.id', 'desc')
        .offset(query.offset)
        .limit(query.limit)
        .execute();
      results.statuses = await serializeStatuses(ctx, rows, viewer);
    }
    return results;
  });
}
