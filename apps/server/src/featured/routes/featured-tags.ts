import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FeaturedTag } from '@palchat/api';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { findAccountOr404 } from '../../accounts/lookup.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { isId, storedId } from '../../lib/ids.js';
import { featureTag } from '../service.js';
import { deleteFeaturedTag, featuredTagsOf, tagUsageBy, unfeaturedTagsMostUsedBy } from '../store.js';
import { usernameOf } from '../../accounts/store.js';
import { serializeTags } from '../../timelines/routes/tags.js';
import { scopes } from '../../auth/route-scopes.js';

const idParams = z.object({ id: z.string() });
const nameBody = z.object({
  name: z.string().regex(/^#?[\p{L}\p{N}_]{1,100}$/u, 'is not a valid hashtag'),
});

/** Featured hashtags on a profile: the viewer's own (CRUD), anyone's (read), and suggestions. */
export async function registerFeaturedTagRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function featuredOf(accountId: string): Promise<FeaturedTag[]> {
    const rows = await featuredTagsOf(ctx.db, accountId);
    if (rows.length === 0) return [];
    const usage = await tagUsageBy(
      ctx.db,
      accountId,
      rows.map((row) => row.tag_id),
    );
    const username = await usernameOf(ctx.db, accountId);
    return rows.map((row) => {
      const used = usage.find((entry) => entry.tag_id === row.tag_id);
      return {
        id: row.id,
        name: row.name,
        url: `${ctx.config.publicUrl}/@${username}/tagged/${encodeURIComponent(row.name_lower)}`,
        statuses_count: Number(used?.count ?? 0),
        last_status_at: used?.last_at ? String(used.last_at).slice(0, 10) : null,
      };
    });
  }

  app.get('/api/v1/featured_tags', scopes('read:accounts'), async (request) =>
    featuredOf(requireAccount(request).id),
  );

  app.get('/api/v1/accounts/:id/featured_tags', scopes('read:accounts'), async (request) => {
    const { id } = idParams.parse(request.params);
    return featuredOf((await findAccountOr404(ctx.db, id)).id);
  });

  app.post('/api/v1/featured_tags', scopes('write:accounts'), async (request) => {
    const viewer = requireAccount(request);
    const featured = await featureTag(ctx.db, viewer.id, nameBody.parse(request.body ?? {}).name);
    if (!featured.created) throw unprocessable('featured.taken', 'featured_taken');
    const id = featured.id;
    const created = (await featuredOf(viewer.id)).find((tag) => tag.id === id);
    if (!created) throw notFound();
    return created;
  });

  app.delete('/api/v1/featured_tags/:id', scopes('write:accounts'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const removed = isId(id) && (await deleteFeaturedTag(ctx.db, viewer.id, storedId(id)));
    if (!removed) throw notFound();
    return {};
  });

  /** The viewer's most used hashtags that are not featured yet. */
  app.get('/api/v1/featured_tags/suggestions', scopes('read:accounts'), async (request) => {
    const viewer = requireAccount(request);
    return serializeTags(ctx, await unfeaturedTagsMostUsedBy(ctx.db, viewer.id), viewer);
  });
}
