import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Suggestion } from '@palchat/api';
import { requireAccount } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { findAccountOr404 } from '../accounts/lookup.js';
import { serializeAccount } from '../accounts/serializer.js';
import { scopes } from '../auth/route-scopes.js';
import { dismissSuggestion, followSuggestions } from './service.js';

const limitQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(40)
    .transform((value) => Math.min(value, 80)),
});

/** Who to follow: v2 answers Suggestion entities, v1 bare accounts; both drop dismissed accounts. */
export async function registerSuggestionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/v2/suggestions', scopes('read:accounts'), async (request): Promise<Suggestion[]> => {
    const viewer = requireAccount(request);
    const { limit } = limitQuery.parse(request.query);
    const rows = await followSuggestions(ctx.db, viewer, limit);
    return rows.map((row) => ({
      source: 'global',
      sources: [row.followers_count > 0 ? 'most_followed' : 'most_interactions'],
      account: serializeAccount(ctx, row),
    }));
  });

  app.get('/api/v1/suggestions', scopes('read:accounts'), async (request) => {
    const viewer = requireAccount(request);
    const { limit } = limitQuery.parse(request.query);
    const rows = await followSuggestions(ctx.db, viewer, limit);
    return rows.map((row) => serializeAccount(ctx, row));
  });

  app.delete('/api/v1/suggestions/:account_id', scopes('write:accounts'), async (request) => {
    const viewer = requireAccount(request);
    const { account_id: id } = z.object({ account_id: z.string() }).parse(request.params);
    const target = await findAccountOr404(ctx.db, id);
    await dismissSuggestion(ctx.db, viewer.id, target.id);
    return {};
  });
}
