import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { filterContextSchema, type FilterContext } from '@palchat/api';
import { requireAccount } from '../../auth/viewer.js';
import { scopes } from '../../auth/route-scopes.js';
import type { AppContext } from '../../context.js';
import type { FilterKeywordsTable, FiltersTable } from '../../db/schema.js';
import { unprocessable } from '../../http/errors.js';
import { looseBoolean } from '../../statuses/schema.js';
import { parseContext } from '../matcher.js';
import { createFilter, findOwnFilter, findOwnKeyword, updateFilter } from '../service.js';
import {
  countKeywordsOf,
  deleteKeywordAndEmptyFilter,
  firstKeywordOf,
  listOwnKeywordsWithFilters,
} from '../store.js';

/** Mastodon's V1::Filter entity: one keyword of a v2 filter, with its filter's context, expiry and action. */
export interface FilterV1 {
  id: string;
  phrase: string;
  context: FilterContext[];
  whole_word: boolean;
  expires_at: string | null;
  irreversible: boolean;
}

const filterV1Of = (keyword: FilterKeywordsTable, filter: FiltersTable): FilterV1 => ({
  id: keyword.id,
  phrase: keyword.keyword,
  context: parseContext(filter),
  whole_word: keyword.whole_word === 1,
  expires_at: filter.expires_at,
  irreversible: filter.action === 'hide',
});

const idParams = z.object({ id: z.string() });
const filterV1Input = z.object({
  phrase: z.string().trim().min(1).max(100),
  context: z.preprocess(
    (value) => (typeof value === 'string' ? [value] : value),
    z.array(filterContextSchema).min(1),
  ),
  irreversible: looseBoolean.optional(),
  whole_word: looseBoolean.optional(),
  expires_in: z.preprocess(
    (value) => (value === '' ? null : value),
    z.coerce.number().int().min(300).max(31_536_000).nullable().optional(),
  ),
});

/**
 * The v1 filters that Mastodon keeps for older apps, backed by the v2 filters: a v1 filter is a keyword, and
 * creating one creates a v2 filter titled by its phrase.
 */
export async function registerFilterV1Routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const ownFilterV1 = async (accountId: string, id: string) => {
    const keyword = await findOwnKeyword(ctx.db, accountId, id);
    return { keyword, filter: await findOwnFilter(ctx.db, accountId, keyword.filter_id) };
  };

  app.get('/api/v1/filters', scopes('read:filters'), async (request) => {
    const viewer = requireAccount(request);
    const rows = await listOwnKeywordsWithFilters(ctx.db, viewer.id);
    return rows.map(({ keyword_id, keyword, whole_word, ...filter }) =>
      filterV1Of({ id: keyword_id, filter_id: filter.id, keyword, whole_word }, filter),
    );
  });

  app.get('/api/v1/filters/:id', scopes('read:filters'), async (request) => {
    const { id } = idParams.parse(request.params);
    const { keyword, filter } = await ownFilterV1(requireAccount(request).id, id);
    return filterV1Of(keyword, filter);
  });

  app.post('/api/v1/filters', scopes('write:filters'), async (request) => {
    const viewer = requireAccount(request);
    const input = filterV1Input.parse(request.body ?? {});
    const filter = await createFilter(ctx.db, viewer.id, {
      title: input.phrase,
      context: input.context,
      filter_action: input.irreversible ? 'hide' : 'warn',
      expires_in: input.expires_in,
      keywords_attributes: [{ keyword: input.phrase, whole_word: input.whole_word ?? true }],
    });
    const keyword = await firstKeywordOf(ctx.db, filter.id);
    return filterV1Of(keyword, filter);
  });

  app.put('/api/v1/filters/:id', scopes('write:filters'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const { keyword, filter } = await ownFilterV1(viewer.id, id);
    const input = filterV1Input.partial().parse(request.body ?? {});
    const changesFilter =
      input.context !== undefined || input.irreversible !== undefined || input.expires_in !== undefined;
    if (changesFilter) {
      // as Mastodon: the filter's settings are shared by all its keywords, so they change only for a lone one
      if ((await countKeywordsOf(ctx.db, filter.id)) > 1)
        throw unprocessable('filters.several_keywords', 'filter_multiple_keywords');
    }
    const updated = await updateFilter(ctx.db, filter, {
      ...(input.context !== undefined ? { context: input.context } : {}),
      ...(input.irreversible !== undefined ? { filter_action: input.irreversible ? 'hide' : 'warn' } : {}),
      ...(input.expires_in !== undefined ? { expires_in: input.expires_in } : {}),
      keywords_attributes: [{ id: keyword.id, keyword: input.phrase, whole_word: input.whole_word }],
    });
    return filterV1Of(await findOwnKeyword(ctx.db, viewer.id, keyword.id), updated);
  });

  app.delete('/api/v1/filters/:id', scopes('write:filters'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const { keyword, filter } = await ownFilterV1(viewer.id, id);
    // a v2 filter left with nothing to match goes too
    await deleteKeywordAndEmptyFilter(ctx.db, keyword.id, filter.id);
    return {};
  });
}
