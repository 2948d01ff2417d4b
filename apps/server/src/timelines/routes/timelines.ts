import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAccount, type AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { unauthorized } from '../../http/errors.js';
import { getServerSettings } from '../../settings/service.js';
import { serializeStatusesJson } from '../../statuses/serializer.js';
import { pageQuerySchema, parseQuery, setLinkHeader } from '../pagination.js';
import {
  homeTimeline,
  linkTimeline,
  listTimeline,
  publicTimeline,
  tagTimeline,
  timelineQuerySchema,
} from '../service.js';
import { scopes } from '../../auth/route-scopes.js';
import { findOwnList } from '../../lists/service.js';

const pageQuery = pageQuerySchema(20, 40);

/**
 * Home is the read clients repeat most: its requests count against the API allowance in blocks reserved per
 * process, within the tolerance the README gives (never more than the limit; refused up to a block per process
 * early), instead of a Redis round trip each.
 */
const homeRoute = {
  config: { ...scopes('read:statuses').config, countedInBlocks: true, readsHomeRelations: true },
};

/** A timeline page: JSON written from its statuses' kept renderings, sent as it is (no serializer). */
function sendPage(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

export async function registerTimelineRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** Signed-out visitors read public feeds only while the timeline_preview setting allows it. */
  async function publicReader(request: FastifyRequest): Promise<AccountRow | null> {
    const account = request.viewer?.account ?? null;
    if (account) return requireAccount(request);
    const settings = await getServerSettings(ctx.db);
    if (!settings.timeline_preview) throw unauthorized('auth.user_required');
    return null;
  }

  app.get('/api/v1/timelines/home', homeRoute, async (request, reply) => {
    const viewer = requireAccount(request);
    const query = parseQuery(pageQuery, request.query);
    const { rows, authorVersions, marks } = await homeTimeline(
      ctx.db,
      viewer,
      query,
      request.viewer?.homeRelations,
    );
    setLinkHeader(
      request,
      reply,
      rows.map((row) => row.id),
      query,
    );
    return sendPage(reply, await serializeStatusesJson(ctx, rows, viewer, 'home', { authorVersions, marks }));
  });

  app.get('/api/v1/timelines/public', scopes('read:statuses'), async (request, reply) => {
    const viewer = await publicReader(request);
    const query = parseQuery(timelineQuerySchema, request.query);
    const { rows, marks } = await publicTimeline(ctx.db, viewer, query);
    setLinkHeader(
      request,
      reply,
      rows.map((row) => row.id),
      query,
    );
    return sendPage(reply, await serializeStatusesJson(ctx, rows, viewer, 'public', { marks }));
  });

  app.get('/api/v1/timelines/tag/:hashtag', scopes('read:statuses'), async (request, reply) => {
    const viewer = await publicReader(request);
    const { hashtag } = z.object({ hashtag: z.string().min(1).max(100) }).parse(request.params);
    const query = parseQuery(timelineQuerySchema, request.query);
    const { rows, marks } = await tagTimeline(ctx.db, viewer, hashtag.replace(/^#/, ''), query);
    setLinkHeader(
      request,
      reply,
      rows.map((row) => row.id),
      query,
    );
    return sendPage(reply, await serializeStatusesJson(ctx, rows, viewer, 'public', { marks }));
  });

  app.get('/api/v1/timelines/list/:id', scopes('read:lists'), async (request, reply) => {
    const viewer = requireAccount(request);
    const { id } = z.object({ id: z.string() }).parse(request.params);
    const list = await findOwnList(ctx.db, viewer, id);
    const query = parseQuery(pageQuery, request.query);
    const { rows, authorVersions, marks } = await listTimeline(ctx.db, viewer, list, query);
    setLinkHeader(
      request,
      reply,
      rows.map((row) => row.id),
      query,
    );
    return sendPage(reply, await serializeStatusesJson(ctx, rows, viewer, 'home', { authorVersions, marks }));
  });

  app.get('/api/v1/timelines/link', scopes('read:statuses'), async (request, reply) => {
    const viewer = await publicReader(request);
    const query = pageQuery.extend({ url: z.url({ protocol: /^https?$/ }) }).parse(request.query);
    const { rows, marks } = await linkTimeline(ctx.db, viewer, query.url, query);
    setLinkHeader(
      request,
      reply,
      rows.map((row) => row.id),
      query,
    );
    return sendPage(reply, await serializeStatusesJson(ctx, rows, viewer, 'public', { marks }));
  });
}
