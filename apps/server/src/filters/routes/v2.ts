import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { filterInputSchema } from '@palchat/api';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { badRequest, unprocessable } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { findVisibleStatus } from '../../statuses/service.js';
import { nowIso } from '../../lib/time.js';
import { filterStatusEntity, keywordEntity } from '../matcher.js';
import {
  createFilter,
  findOwnFilter,
  findOwnFilterStatus,
  findOwnKeyword,
  keywordChanges,
  renderFilters,
  updateFilter,
} from '../service.js';
import {
  deleteFilter,
  deleteFilterStatus,
  deleteKeyword,
  insertFilterStatus,
  insertKeyword,
  listOwnFilters,
  updateKeyword,
} from '../store.js';
import { scopes } from '../../auth/route-scopes.js';

const idParams = z.object({ id: z.string() });
const filterUpdateSchema = filterInputSchema
  .extend({ filter_action: z.enum(['warn', 'hide']).optional() })
  .partial();
const keywordInput = z.object({
  keyword: z.string().trim().min(1).max(100),
  whole_word: z
    .preprocess(
      (value) => (typeof value === 'string' ? ['true', '1', 'on'].includes(value) : value),
      z.boolean(),
    )
    .optional(),
});

const formFlag = (value: unknown): unknown =>
  typeof value === 'string' ? ['true', '1', 'on'].includes(value) : value;

/**
 * Form bodies into the JSON shape: after the form parser's nesting (`context[]`, `keywords_attributes[][keyword]`,
 * `keywords_attributes[0][keyword]`) only the text values differ: flags, and an empty expires_in for "never".
 */
function normalizeFilterBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('http.expected_object');
  const input: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (typeof input.context === 'string') input.context = [input.context];
  if (input.expires_in === '') input.expires_in = null;
  const keywords = input.keywords_attributes;
  // JSON clients may send Rails' indexed hash as an object keyed by index
  const list = Array.isArray(keywords)
    ? keywords
    : keywords && typeof keywords === 'object'
      ? Object.values(keywords)
      : null;
  if (list) {
    input.keywords_attributes = list.map((entry: unknown) =>
      entry && typeof entry === 'object'
        ? {
            ...entry,
            ...('whole_word' in entry ? { whole_word: formFlag(entry.whole_word) } : {}),
            ...('_destroy' in entry ? { _destroy: formFlag(entry._destroy) } : {}),
          }
        : entry,
    );
  }
  return input;
}

/** Mastodon's v2 filters: CRUD plus keywords. Matches show up in statuses' `filtered` field. */
export async function registerFilterRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/v2/filters', scopes('read:filters'), async (request) => {
    const viewer = requireAccount(request);
    return renderFilters(ctx.db, await listOwnFilters(ctx.db, viewer.id));
  });

  app.get('/api/v2/filters/:id', scopes('read:filters'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const [filter] = await renderFilters(ctx.db, [await findOwnFilter(ctx.db, viewer.id, id)]);
    return filter;
  });

  app.post('/api/v2/filters', scopes('write:filters'), async (request) => {
    const viewer = requireAccount(request);
    const input = filterInputSchema.parse(normalizeFilterBody(request.body));
    const [filter] = await renderFilters(ctx.db, [await createFilter(ctx.db, viewer.id, input)]);
    return filter;
  });

  app.put('/api/v2/filters/:id', scopes('write:filters'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const existing = await findOwnFilter(ctx.db, viewer.id, id);
    const input = filterUpdateSchema.parse(normalizeFilterBody(request.body));
    const [filter] = await renderFilters(ctx.db, [await updateFilter(ctx.db, existing, input)]);
    return filter;
  });

  app.delete('/api/v2/filters/:id', scopes('write:filters'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const existing = await findOwnFilter(ctx.db, viewer.id, id);
    await deleteFilter(ctx.db, existing.id);
    return {};
  });

  app.get('/api/v2/filters/:id/keywords', scopes('read:filters'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const [filter] = await renderFilters(ctx.db, [await findOwnFilter(ctx.db, viewer.id, id)]);
    return filter?.keywords ?? [];
  });

  app.post('/api/v2/filters/:id/keywords', scopes('write:filters'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const filter = await findOwnFilter(ctx.db, viewer.id, id);
    const input = keywordInput.parse(request.body ?? {});
    const row = {
      id: newId(),
      filter_id: filter.id,
      keyword: input.keyword,
      whole_word: input.whole_word === false ? (0 as const) : (1 as const),
    };
    await insertKeyword(ctx.db, row);
    return keywordEntity(row);
  });

  app.get('/api/v2/filters/keywords/:id', scopes('read:filters'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    return keywordEntity(await findOwnKeyword(ctx.db, viewer.id, id));
  });

  app.put('/api/v2/filters/keywords/:id', scopes('write:filters'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const keyword = await findOwnKeyword(ctx.db, viewer.id, id);
    const input = keywordInput.partial().parse(request.body ?? {});
    const changes = keywordChanges(input);
    if (Object.keys(changes).length) await updateKeyword(ctx.db, keyword.id, changes);
    return keywordEntity({ ...keyword, ...changes });
  });

  app.delete('/api/v2/filters/keywords/:id', scopes('write:filters'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const keyword = await findOwnKeyword(ctx.db, viewer.id, id);
    await deleteKeyword(ctx.db, keyword.id);
    return {};
  });

  app.get('/api/v2/filters/:id/statuses', scopes('read:filters'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const [filter] = await renderFilters(ctx.db, [await findOwnFilter(ctx.db, viewer.id, id)]);
    return filter?.statuses ?? [];
  });

  /** The filter also matches this status, whatever its words (a status the viewer can read). */
  app.post('/api/v2/filters/:id/statuses', scopes('write:filters'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const filter = await findOwnFilter(ctx.db, viewer.id, id);
    const { status_id: statusId } = z
      .object({ status_id: z.string().regex(/^\d{1,18}$/, 'must be a status id') })
      .parse(request.body ?? {});
    const status = await findVisibleStatus(ctx.db, viewer, statusId);
    const row = { id: newId(), filter_id: filter.id, status_id: status.id, created_at: nowIso() };
    if (!(await insertFilterStatus(ctx.db, row))) throw unprocessable('filters.status_taken', 'taken');
    return filterStatusEntity(row);
  });

  app.get('/api/v2/filters/statuses/:id', scopes('read:filters'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    return filterStatusEntity(await findOwnFilterStatus(ctx.db, viewer.id, id));
  });

  app.delete('/api/v2/filters/statuses/:id', scopes('write:filters'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const row = await findOwnFilterStatus(ctx.db, viewer.id, id);
    await deleteFilterStatus(ctx.db, row.id);
    return {};
  });
}
