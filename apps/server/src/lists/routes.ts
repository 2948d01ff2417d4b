import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listInputSchema } from '@palchat/api';
import { requireAccount } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { serializeAccount } from '../accounts/serializer.js';
import { idsFromQuery } from '../accounts/schema.js';
import { newestFirst, pageQuerySchema, paginateQuery, setLinkHeader } from '../timelines/pagination.js';
import { queryFlag } from '../timelines/query-flag.js';
import {
  addListAccounts,
  createList,
  deleteList,
  findOwnList,
  removeListAccounts,
  serializeList,
  updateList,
} from './service.js';
import { scopes } from '../auth/route-scopes.js';
import { storedId } from '../lib/ids.js';
import { listMembersQuery, listsContaining, listsOf } from './store.js';

const idParams = z.object({ id: z.string() });
/** JSON booleans or form text for `exclusive`. */
const listBody = listInputSchema.extend({ exclusive: queryFlag });

export async function registerListRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/v1/lists', scopes('read:lists'), async (request) => {
    const viewer = requireAccount(request);
    const rows = await listsOf(ctx.db, viewer.id);
    return rows.map(serializeList);
  });

  app.post('/api/v1/lists', scopes('write:lists'), async (request) => {
    const viewer = requireAccount(request);
    return serializeList(await createList(ctx.db, viewer, listBody.parse(request.body ?? {})));
  });

  app.get('/api/v1/lists/:id', scopes('read:lists'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    return serializeList(await findOwnList(ctx.db, viewer, id));
  });

  app.put('/api/v1/lists/:id', scopes('write:lists'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const list = await findOwnList(ctx.db, viewer, id);
    return serializeList(await updateList(ctx.db, list, listBody.partial().parse(request.body ?? {})));
  });

  app.delete('/api/v1/lists/:id', scopes('write:lists'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const list = await findOwnList(ctx.db, viewer, id);
    await deleteList(ctx.db, list);
    return {};
  });

  const accountPage = pageQuerySchema(40, 80);
  app.get('/api/v1/lists/:id/accounts', scopes('read:lists'), async (request, reply) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const list = await findOwnList(ctx.db, viewer, id);
    const query = z
      .object({ limit: z.coerce.number().int().min(0).default(40) })
      .passthrough()
      .parse(request.query);
    // Mastodon: limit=0 returns every member at once
    const page = accountPage.parse({ ...query, limit: query.limit === 0 ? 80 : query.limit });
    const rows = newestFirst(
      await paginateQuery(
        listMembersQuery(ctx.db, list.id),
        'list_accounts.account_id',
        query.limit === 0 ? { limit: 100_000 } : page,
      ).execute(),
      page,
    );
    if (query.limit !== 0)
      setLinkHeader(
        request,
        reply,
        rows.map((row) => row.cursor),
        page,
      );
    return rows.map(({ cursor: _cursor, ...row }) => serializeAccount(ctx, row));
  });

  const accountIds = (request: { body: unknown; query: unknown }): string[] => {
    const fromBody = request.body && typeof request.body === 'object' ? request.body : {};
    const record = fromBody as Record<string, unknown>;
    const source =
      record['account_ids'] !== undefined || record['account_ids[]'] !== undefined ? record : request.query;
    return idsFromQuery(source, 'account_ids');
  };

  app.post('/api/v1/lists/:id/accounts', scopes('write:lists'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const list = await findOwnList(ctx.db, viewer, id);
    await addListAccounts(ctx.db, viewer, list, accountIds(request));
    return {};
  });

  app.delete('/api/v1/lists/:id/accounts', scopes('write:lists'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const list = await findOwnList(ctx.db, viewer, id);
    await removeListAccounts(ctx.db, list, accountIds(request));
    return {};
  });

  /** Lists of the viewer's that contain the account (Mastodon: GET /accounts/:id/lists). */
  app.get('/api/v1/accounts/:id/lists', scopes('read:lists'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const rows = await listsContaining(ctx.db, viewer.id, storedId(id));
    return rows.map(serializeList);
  });
}
