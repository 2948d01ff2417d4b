import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FeaturedTag } from '@palchat/api';
import { requireAccount } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { findAccountOr404 } from '../accounts/lookup.js';
import { notFound, unprocessable } from '../http/errors.js';
import { isId, storedId } from '../lib/ids.js';
import { featureTag } from './service.js';
import { serializeTags } from '../timelines/tag-routes.js';
import { scopes } from '../auth/route-scopes.js';

const idParams = z.object({ id: z.string() });
const nameBody = z.object({
  name: z.string().regex(/^#?[\p{L}\p{N}_]{1,100}$/u, 'is not a valid hashtag'),
});

/** Featured hashtags on a profile: the viewer's own (CRUD), anyone's (read), and suggestions. */
export async function featuredTagRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function featuredOf(accountId: string): Promise<FeaturedTag[]> {
    const rows = await ctx.db
      .selectFrom('featured_tags')
      .innerJoin('tags', 'tags.id', 'featured_tags.tag_id')
      .select(['featured_tags.id', 'tags.id as tag_id', 'tags.name', 'tags.name_lower'])
      .where('featured_tags.account_id', '=', accountId)
      .orderBy('featured_tags.id')
      .execute();
    if (rows.length === 0) return [];
    const usage = await ctx.db
      .selectFrom('status_tags')
      .innerJoin('statuses', 'statuses.id', 'status_tags.status_id')
      .select((eb) => [
        'status_tags.tag_id',
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.max('statuses.created_at').as('last_at'),
      ])
      .where('statuses.account_id', '=', accountId)
      .where('statuses.deleted_at', 'is', null)
      .where('statuses.visibility', 'in', ['public', 'unlisted'])
      .where(
        'status_tags.tag_id',
        'in',
        rows.map((row) => row.tag_id),
      )
      .groupBy('status_tags.tag_id')
      .execute();
    const account = await ctx.db
      .selectFrom('accounts')
      .select('username')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return rows.map((row) => {
      const used = usage.find((entry) => entry.tag_id === row.tag_id);
      return {
        id: row.id,
        name: row.name,
        url: `${ctx.config.publicUrl}/@${account.username}/tagged/${encodeURIComponent(row.name_lower)}`,
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
    if (!featured.created)
      throw unprocessable('Validation failed: this hashtag is already featured', 'featured_taken');
    const id = featured.id;
    const created = (await featuredOf(viewer.id)).find((tag) => tag.id === id);
    if (!created) throw notFound();
    return created;
  });

  app.delete('/api/v1/featured_tags/:id', scopes('write:accounts'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const removed = isId(id)
      ? await ctx.db
          .deleteFrom('featured_tags')
          .where('id', '=', storedId(id))
          .where('account_id', '=', viewer.id)
          .executeTakeFirst()
      : null;
    if (!removed || Number(removed.numDeletedRows) === 0) throw notFound();
    return {};
  });

  /** The viewer's most used hashtags that are not featured yet. */
  app.get('/api/v1/featured_tags/suggestions', scopes('read:accounts'), async (request) => {
    const viewer = requireAccount(request);
    const used = await ctx.db
      .selectFrom('status_tags')
      .innerJoin('statuses', 'statuses.id', 'status_tags.status_id')
      .innerJoin('tags', 'tags.id', 'status_tags.tag_id')
      .select((eb) => [
        'tags.id',
        'tags.name',
        'tags.name_lower',
        'tags.created_at',
        eb.fn.countAll<number | string>().as('uses'),
      ])
      .where('statuses.account_id', '=', viewer.id)
      .where('statuses.deleted_at', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('featured_tags')
              .select('featured_tags.id')
              .whereRef('featured_tags.tag_id', '=', 'tags.id')
              .where('featured_tags.account_id', '=', viewer.id),
          ),
        ),
      )
      .groupBy(['tags.id', 'tags.name', 'tags.name_lower', 'tags.created_at'])
      .orderBy('uses', 'desc')
      .orderBy('tags.id')
      .limit(10)
      .execute();
    return serializeTags(
      ctx,
      used.map(({ uses: _uses, ...tag }) => tag),
      viewer,
    );
  });
}
