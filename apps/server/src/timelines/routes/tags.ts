import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Tag } from '@palchat/api';
import { requireAccount, type AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { TagsTable } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { tagHistories, tagUrl } from '../../trends/tag-history.js';
import { findTagByName, followedTagsQuery, followTag, tagIdsMarkedBy, unfollowTag } from '../tag-store.js';
import { newestFirst, pageQuerySchema, paginateQuery, withoutCursors } from '../pagination.js';
import { scopes } from '../../auth/route-scopes.js';
import { featureTag, unfeatureTag } from '../../featured/service.js';

const nameParams = z.object({
  name: z.string().regex(/^#?[\p{L}\p{N}_]{1,100}$/u, 'is not a valid hashtag'),
});
const normalize = (name: string) => name.replace(/^#/, '');

/** Mastodon Tag entities with history and, for a signed-in viewer, whether they follow each tag. */
export async function serializeTags(
  ctx: AppContext,
  rows: TagsTable[],
  viewer: AccountRow | null,
): Promise<Tag[]> {
  const histories = await tagHistories(
    ctx.db,
    rows.map((row) => row.id),
  );
  const tagIdsOf = (table: 'followed_tags' | 'featured_tags') =>
    tagIdsMarkedBy(
      ctx.db,
      table,
      viewer?.id ?? '',
      rows.map((row) => row.id),
    );
  const [followed, featured] =
    viewer && rows.length ? await Promise.all([tagIdsOf('followed_tags'), tagIdsOf('featured_tags')]) : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    url: tagUrl(ctx, row.name_lower),
    history: histories.get(row.id) ?? [],
    ...(followed && featured ? { following: followed.has(row.id), featuring: featured.has(row.id) } : {}),
  }));
}

export async function registerTagRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const findTag = (name: string) => findTagByName(ctx.db, normalize(name));

  app.get('/api/v1/tags/:name', scopes('read:follows'), async (request) => {
    const { name } = nameParams.parse(request.params);
    const viewer = request.viewer?.account ?? null;
    const tag = await findTag(name);
    // like Mastodon, a hashtag nobody used yet still exists for readers (following it creates it)
    if (!tag) {
      const unused: Tag = {
        name: normalize(name),
        url: tagUrl(ctx, normalize(name).toLowerCase()),
        history: [],
      };
      return viewer ? { ...unused, following: false, featuring: false } : unused;
    }
    const [serialized] = await serializeTags(ctx, [tag], viewer);
    return serialized;
  });

  app.post('/api/v1/tags/:name/follow', scopes('follow', 'write:follows'), async (request) => {
    const viewer = requireAccount(request);
    const { name } = nameParams.parse(request.params);
    const tag = await followTag(ctx.db, viewer.id, normalize(name));
    const [serialized] = await serializeTags(ctx, [tag], viewer);
    return serialized;
  });

  app.post('/api/v1/tags/:name/unfollow', scopes('follow', 'write:follows'), async (request) => {
    const viewer = requireAccount(request);
    const { name } = nameParams.parse(request.params);
    const tag = await findTag(name);
    if (!tag) throw notFound();
    await unfollowTag(ctx.db, viewer.id, tag.id);
    const [serialized] = await serializeTags(ctx, [tag], viewer);
    return serialized;
  });

  // Mastodon 4.4: a hashtag featured on the viewer's profile, from the hashtag itself (featured_tags' other door)
  app.post('/api/v1/tags/:name/feature', scopes('write:accounts'), async (request) => {
    const viewer = requireAccount(request);
    const { name } = nameParams.parse(request.params);
    await featureTag(ctx.db, viewer.id, name);
    const tag = await findTag(name);
    if (!tag) throw notFound();
    const [serialized] = await serializeTags(ctx, [tag], viewer);
    return serialized;
  });

  app.post('/api/v1/tags/:name/unfeature', scopes('write:accounts'), async (request) => {
    const viewer = requireAccount(request);
    const { name } = nameParams.parse(request.params);
    const tag = await findTag(name);
    if (!tag) throw notFound();
    await unfeatureTag(ctx.db, viewer.id, tag.id);
    const [serialized] = await serializeTags(ctx, [tag], viewer);
    return serialized;
  });

  const page = pageQuerySchema(100, 200);
  app.get('/api/v1/followed_tags', scopes('follow', 'read:follows'), async (request, reply) => {
    const viewer = requireAccount(request);
    const query = page.parse(request.query);
    const rows = newestFirst(
      await paginateQuery(followedTagsQuery(ctx.db, viewer.id), 'followed_tags.id', query).execute(),
      query,
    );
    return serializeTags(ctx, withoutCursors(request, reply, rows, query), viewer);
  });
}
