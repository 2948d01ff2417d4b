import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  collectionInputSchema,
  type CollectionWithAccounts,
  type Collections,
  type WrappedCollection,
} from '@palchat/api';
import { requireAccount, type AccountRow } from '../auth/viewer.js';
import type { CollectionsTable } from '../db/schema.js';
import type { AppContext } from '../context.js';
import { findAccountOr404 } from '../accounts/lookup.js';
import { serializeAccount } from '../accounts/serializer.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { offsetQuerySchema } from '../timelines/pagination.js';
import { queryFlag } from '../timelines/query-flag.js';
import { setOffsetLinkHeader } from '../trends/offset-link-header.js';
import { scopes } from '../auth/route-scopes.js';
import {
  addCollectionItem,
  assertCurator,
  createCollection,
  curatorBlocks,
  deleteCollection,
  findCollectionOr404,
  removeCollectionItem,
  revokeCollectionItem,
  updateCollection,
} from './service.js';
import { serializeCollections, visibleItems } from './serializer.js';
import { collectionsFeaturing, collectionsOf } from './store.js';
import { findAccountsByIds } from '../accounts/store.js';
import { message } from '../i18n/format.js';

const idParams = z.object({ id: z.string() });
const itemParams = z.object({ id: z.string(), item_id: z.string() });
/** JSON booleans or form text for the flags. */
const collectionBody = collectionInputSchema.extend({ sensitive: queryFlag, discoverable: queryFlag });
const READ = scopes('read:collections');
const WRITE = scopes('write:collections');

/** A parameter as JSON sends it (a value or a list), or as forms do (`key[]`), as strings. */
function valuesOf(body: unknown, key: string): string[] {
  const record = (body ?? {}) as Record<string, unknown>;
  return [record[key], record[`${key}[]`]]
    .flat()
    .filter((value) => value !== undefined && value !== null)
    .map(String);
}

/** Mastodon 4.6 Collections: curated lists of accounts recommended to others. */
export async function registerCollectionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const page = offsetQuerySchema(40, 80);

  async function wrapped(collection: CollectionsTable, viewer: AccountRow): Promise<WrappedCollection> {
    const [serialized] = await serializeCollections(ctx, [collection], viewer);
    if (!serialized) throw notFound();
    return { collection: serialized };
  }

  app.post('/api/v1/collections', WRITE, async (request) => {
    const viewer = requireAccount(request);
    const input = collectionBody.parse(request.body ?? {});
    return wrapped(await createCollection(ctx, viewer, input, valuesOf(request.body, 'account_ids')), viewer);
  });

  app.get('/api/v1/collections/:id', READ, async (request): Promise<CollectionWithAccounts> => {
    const viewer = request.viewer?.account ?? null;
    const { id } = idParams.parse(request.params);
    const collection = await findCollectionOr404(ctx.db, id);
    if (await curatorBlocks(ctx.db, collection.account_id, viewer)) throw forbidden();
    const [serialized] = await serializeCollections(ctx, [collection], viewer);
    if (!serialized) throw notFound();
    const items = await visibleItems(ctx, [collection], viewer);
    const accountIds = [collection.account_id, ...items.map((item) => item.account_id)];
    const rows = await findAccountsByIds(ctx.db, accountIds);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      collection: serialized,
      accounts: accountIds.flatMap((accountId) => {
        const row = byId.get(accountId);
        return row ? [serializeAccount(ctx, row)] : [];
      }),
    };
  });

  // Rails' `resources` answers both PATCH (documented) and PUT (what masto.js sends) for an update
  app.route({
    method: ['PATCH', 'PUT'],
    url: '/api/v1/collections/:id',
    ...WRITE,
    handler: async (request) => {
      const viewer = requireAccount(request);
      const { id } = idParams.parse(request.params);
      const collection = await findCollectionOr404(ctx.db, id);
      assertCurator(collection, viewer);
      const input = collectionBody.partial().parse(request.body ?? {});
      return wrapped(await updateCollection(ctx, viewer, collection, input), viewer);
    },
  });

  app.delete('/api/v1/collections/:id', WRITE, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const collection = await findCollectionOr404(ctx.db, id);
    assertCurator(collection, viewer);
    await deleteCollection(ctx, viewer, collection);
    return {};
  });

  app.post('/api/v1/collections/:id/items', WRITE, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const collection = await findCollectionOr404(ctx.db, id);
    assertCurator(collection, viewer);
    const [accountId] = valuesOf(request.body, 'account_id');
    if (!accountId) throw unprocessable(message('http.parameter_missing', { field: 'account_id' }));
    const item = await addCollectionItem(ctx, collection, viewer, accountId);
    return {
      collection_item: {
        id: item.id,
        account_id: item.account_id,
        state: item.state,
        created_at: item.created_at,
      },
    };
  });

  app.delete('/api/v1/collections/:id/items/:item_id', WRITE, async (request) => {
    const viewer = requireAccount(request);
    const { id, item_id: itemId } = itemParams.parse(request.params);
    const collection = await findCollectionOr404(ctx.db, id);
    assertCurator(collection, viewer);
    await removeCollectionItem(ctx, viewer, collection, itemId);
    return {};
  });

  app.post('/api/v1/collections/:id/items/:item_id/revoke', WRITE, async (request) => {
    const viewer = requireAccount(request);
    const { id, item_id: itemId } = itemParams.parse(request.params);
    await revokeCollectionItem(ctx, await findCollectionOr404(ctx.db, id), itemId, viewer);
    return {};
  });

  /**
   * An account's collections, newest first, offset-paged: all of them for their curator, the discoverable
   * ones for everybody else, none for someone the curator blocks.
   */
  app.get('/api/v1/accounts/:id/collections', READ, async (request, reply): Promise<Collections> => {
    const viewer = request.viewer?.account ?? null;
    const { id } = idParams.parse(request.params);
    const account = await findAccountOr404(ctx.db, id);
    const query = page.parse(request.query);
    if (await curatorBlocks(ctx.db, account.id, viewer)) return { collections: [] };
    const found = await collectionsOf(ctx.db, account.id, viewer?.id === account.id, query);
    setOffsetLinkHeader(request, reply, query, found.length);
    return { collections: await serializeCollections(ctx, found, viewer) };
  });

  /** The collections the viewer is featured in (only one's own: Mastodon answers 403 for anybody else). */
  app.get('/api/v1/accounts/:id/in_collections', READ, async (request, reply): Promise<Collections> => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const account = await findAccountOr404(ctx.db, id);
    if (account.id !== viewer.id) throw forbidden();
    const query = page.parse(request.query);
    const found = await collectionsFeaturing(ctx.db, viewer.id, query);
    setOffsetLinkHeader(request, reply, query, found.length);
    return { collections: await serializeCollections(ctx, found, viewer) };
  });
}
