import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SearchResults } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import { requireAccount } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { serializeAccount } from '../accounts/serializer.js';
import { unauthorized } from '../http/errors.js';
import { serializeStatuses } from '../statuses/serializer.js';
import { findStatusVisibleTo } from '../statuses/store.js';
import { offsetQuerySchema } from '../timelines/pagination.js';
import { queryFlag } from '../timelines/query-flag.js';
import { serializeTags } from '../timelines/routes/tags.js';
import { scopes } from '../auth/route-scopes.js';
import { searchAccounts } from './accounts.js';
import { linkedStatus, statusesContaining, tagsStartingWith } from './store.js';
import { parseLocalUrl } from './local-urls.js';

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

const accountSearchQuery = offsetQuerySchema(40, 80).extend({
  q: z.string().trim().min(1).max(500),
  resolve: queryFlag,
  following: queryFlag,
});

/** The status or account a pasted link to this server names, if the viewer may see it. */
async function searchLocalUrl(
  ctx: AppContext,
  viewer: AccountRow | null,
  q: string,
): Promise<SearchResults | null> {
  const resource = parseLocalUrl(ctx.config.publicUrl, q);
  if (!resource) return null;
  const results: SearchResults = { accounts: [], statuses: [], hashtags: [] };
  if (resource.kind === 'account') {
    const [account] = await searchAccounts(ctx.db, viewer, {
      q: `${resource.username}@${ctx.config.localDomain}`,
      localDomain: ctx.config.localDomain,
      offset: 0,
      limit: 1,
    });
    if (account?.username_lower === resource.username.toLowerCase())
      results.accounts = [serializeAccount(ctx, account)];
    return results;
  }
  const statuses = await linkedStatus(ctx.db, viewer?.id ?? null, resource.id, resource.username);
  results.statuses = await serializeStatuses(ctx, statuses, viewer);
  return results;
}

/**
 * `resolve=true` (signed-in users, first page): `@user@domain` is asked of its server and stored, then found by
 * the search below; a URL of another server answers with what it names alone, as Mastodon does.
 */
async function resolveForSearch(
  ctx: AppContext,
  viewer: AccountRow | null,
  query: { q: string; resolve?: boolean | undefined; offset: number },
): Promise<SearchResults | null> {
  if (!query.resolve || !viewer || query.offset > 0) return null;
  const resolved = (await ctx.federation?.resolveQuery(query.q)) ?? null;
  if (!/^https?:\/\//i.test(query.q.trim())) return null;
  const results: SearchResults = { accounts: [], statuses: [], hashtags: [] };
  if (resolved?.status) {
    const visible = await findStatusVisibleTo(ctx.db, viewer.id, resolved.status.id);
    results.statuses = await serializeStatuses(ctx, visible ? [visible] : [], viewer);
  } else if (resolved?.account) results.accounts = [serializeAccount(ctx, resolved.account)];
  return results;
}

/** Mastodon's v2 search over local data: account and hashtag prefixes, and words in readable statuses. */
export async function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/v2/search', scopes('read:search'), async (request): Promise<SearchResults> => {
    const viewer = request.viewer?.account ?? null;
    const query = searchQuery.parse(request.query);
    if (!viewer && query.offset > 0) throw unauthorized('auth.search_offset');
    const byUrl = query.offset === 0 ? await searchLocalUrl(ctx, viewer, query.q) : null;
    if (byUrl) return byUrl;
    const remote = await resolveForSearch(ctx, viewer, query);
    if (remote) return remote;
    const wants = (type: 'accounts' | 'hashtags' | 'statuses') => !query.type || query.type === type;
    const results: SearchResults = { accounts: [], statuses: [], hashtags: [] };

    if (wants('accounts')) {
      const rows = await searchAccounts(ctx.db, viewer, { ...query, localDomain: ctx.config.localDomain });
      results.accounts = rows.map((row) => serializeAccount(ctx, row));
    }

    if (wants('hashtags')) {
      const term = query.q.replace(/^#/, '');
      if (/^[\p{L}\p{N}_]+$/u.test(term)) {
        const rows = await tagsStartingWith(ctx.db, term, query);
        results.hashtags = await serializeTags(ctx, rows, viewer);
      }
    }

    // Like Mastodon, status search is for signed-in users only.
    if (wants('statuses') && viewer) {
      const rows = await statusesContaining(ctx.db, viewer.id, query.q, {
        accountId: query.account_id,
        offset: query.offset,
        limit: query.limit,
      });
      results.statuses = await serializeStatuses(ctx, rows, viewer);
    }
    return results;
  });

  /** Account autocomplete (the list members page, mentions): signed-in only, as in Mastodon. */
  app.get('/api/v1/accounts/search', scopes('read:accounts'), async (request) => {
    const viewer = requireAccount(request);
    const query = accountSearchQuery.parse(request.query);
    if (query.resolve && query.offset === 0) await ctx.federation?.resolveQuery(query.q);
    const rows = await searchAccounts(ctx.db, viewer, { ...query, localDomain: ctx.config.localDomain });
    return rows.map((row) => serializeAccount(ctx, row));
  });
}
