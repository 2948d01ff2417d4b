import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { visibilitySchema, type StatusEdit } from '@palchat/api';
import { requireAccount, type AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { idempotencyKeyOf } from '../../http/idempotency-key.js';
import { bookmark, favourite, muteConversation, pin, reblog, unfavourite, unreblog } from '../actions.js';
import { createStatus, deleteStatus, editStatus, findOwnStatus } from '../compose.js';
import { looseBoolean, parseStatusInput } from '../schema.js';
import { serializeStatus, type StatusRow } from '../serializer.js';
import { statusHistory } from '../history.js';
import { publishTime, scheduleStatus } from '../scheduled.js';
import { scopes } from '../../auth/route-scopes.js';
import { findStatusById } from '../store.js';

const idParams = z.object({ id: z.string() });

/** Posting, editing, deleting, and the per-status actions (boost, favourite, bookmark, pin, mute). */
export async function registerStatusWriteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** Renders the stored row again: actions change counters after the row they were given was read. */
  const render = async (row: StatusRow, viewer: AccountRow | null) => {
    const fresh = await findStatusById(ctx.db, row.id);
    const status = await serializeStatus(ctx, fresh ?? row, viewer);
    if (!status) throw notFound();
    return status;
  };

  app.post('/api/v1/statuses', scopes('write:statuses'), async (request) => {
    const viewer = requireAccount(request);
    const input = parseStatusInput(request.body);
    const idempotencyKey = idempotencyKeyOf(request);
    const time = publishTime(input.scheduled_at);
    // Mastodon answers a ScheduledStatus instead of the Status
    if (time) return scheduleStatus(ctx, viewer, input, time, idempotencyKey);
    const status = await createStatus(ctx, viewer, input, { idempotencyKey });
    return render(status, viewer);
  });

  app.put('/api/v1/statuses/:id', scopes('write:statuses'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const input = parseStatusInput(request.body);
    return render(await editStatus(ctx, viewer, id, input), viewer);
  });

  // Mastodon 4.x reads delete_media from the query string or the body
  const deleteParams = z.object({ delete_media: looseBoolean.optional() });

  app.delete('/api/v1/statuses/:id', scopes('write:statuses'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const fromQuery = deleteParams.parse(request.query ?? {});
    const fromBody = deleteParams.parse(typeof request.body === 'object' && request.body ? request.body : {});
    const own = await findOwnStatus(ctx, viewer, id);
    // rendered before the delete so that "delete and redraft" gets the media and poll back, with the source
    const rendered = await render(own, viewer);
    await deleteStatus(ctx, viewer, own.id, {
      deleteMedia: fromQuery.delete_media ?? fromBody.delete_media ?? false,
    });
    return { ...rendered, text: own.text };
  });

  app.get('/api/v1/statuses/:id/source', scopes('read:statuses'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const status = await findOwnStatus(ctx, viewer, id);
    return { id: status.id, text: status.text, spoiler_text: status.spoiler_text };
  });

  app.get('/api/v1/statuses/:id/history', scopes('read:statuses'), async (request): Promise<StatusEdit[]> => {
    const { id } = idParams.parse(request.params);
    return statusHistory(ctx, request.viewer?.account ?? null, id);
  });

  const reblogBody = z.object({ visibility: visibilitySchema.optional() }).default({});

  app.post('/api/v1/statuses/:id/reblog', scopes('write:statuses'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const { visibility } = reblogBody.parse(request.body ?? {});
    return render(await reblog(ctx, viewer, id, visibility), viewer);
  });

  app.post('/api/v1/statuses/:id/unreblog', scopes('write:statuses'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    return render(await unreblog(ctx, viewer, id), viewer);
  });

  type Toggle = [scope: string, run: (viewer: AccountRow, id: string) => Promise<StatusRow>];
  const toggles: Record<string, Toggle> = {
    favourite: ['write:favourites', (viewerRow, id) => favourite(ctx, viewerRow, id)],
    unfavourite: ['write:favourites', (viewerRow, id) => unfavourite(ctx, viewerRow, id)],
    bookmark: ['write:bookmarks', (viewerRow, id) => bookmark(ctx, viewerRow, id, true)],
    unbookmark: ['write:bookmarks', (viewerRow, id) => bookmark(ctx, viewerRow, id, false)],
    pin: ['write:accounts', (viewerRow, id) => pin(ctx, viewerRow, id, true)],
    unpin: ['write:accounts', (viewerRow, id) => pin(ctx, viewerRow, id, false)],
    mute: ['write:mutes', (viewerRow, id) => muteConversation(ctx, viewerRow, id, true)],
    unmute: ['write:mutes', (viewerRow, id) => muteConversation(ctx, viewerRow, id, false)],
  };

  for (const [action, [scope, run]] of Object.entries(toggles)) {
    app.post(`/api/v1/statuses/:id/${action}`, scopes(scope), async (request) => {
      const viewer = requireAccount(request);
      const { id } = idParams.parse(request.params);
      const status = await run(viewer, id);
      return render(status, viewer);
    });
  }
}
