import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Permission } from '@palchat/api';
import { permissionsOf } from '../../auth/permissions.js';
import { requireAccount } from '../../auth/viewer.js';
import { scopes } from '../../auth/route-scopes.js';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../http/errors.js';
import { pageQuerySchema, setLinkHeader } from '../../timelines/pagination.js';
import {
  createDomainBlock,
  domainBlockCreateSchema,
  domainBlockUpdateSchema,
  serializeDomainBlock,
  updateDomainBlock,
} from '../domain-blocks.js';
import {
  canonicalEmailBlockInputSchema,
  canonicalEmailBlocksMatching,
  createCanonicalEmailBlock,
  createDomainAllow,
  createEmailDomainBlock,
  createIpBlock,
  deleteServerBlock,
  domainSchema,
  emailDomainBlockInputSchema,
  findServerBlock,
  ipBlockCreateSchema,
  ipBlockUpdateSchema,
  listServerBlocks,
  updateIpBlock,
  type ServerBlockRow,
  type ServerBlockTable,
} from '../server-blocks.js';

const idParams = z.object({ id: z.string() });

/** Server-wide blocks are the administrators' (Mastodon gives manage_blocks and manage_federation to admins). */
function requireAdministrator(request: FastifyRequest): void {
  if ((permissionsOf(requireAccount(request)) & Permission.administrator) === 0) throw forbidden();
}

interface BlockResource<T extends ServerBlockTable, Entity> {
  path: string;
  table: T;
  scope: string;
  serialize: (ctx: AppContext, rows: ServerBlockRow<T>[]) => Entity[] | Promise<Entity[]>;
  create: (ctx: AppContext, body: unknown) => Promise<ServerBlockRow<T>>;
  update?: (ctx: AppContext, id: string, body: unknown) => Promise<ServerBlockRow<T>>;
}

/** list, show, create, update (when the resource has it) and delete, each answering Mastodon's entity. */
function blockRoutes<T extends ServerBlockTable, Entity>(
  app: FastifyInstance,
  ctx: AppContext,
  resource: BlockResource<T, Entity>,
): void {
  const page = pageQuerySchema(100, 200);
  const one = async (row: ServerBlockRow<T>): Promise<Entity | undefined> =>
    (await resource.serialize(ctx, [row]))[0];
  const read = scopes(`admin:read:${resource.scope}`);
  const write = scopes(`admin:write:${resource.scope}`);

  app.get(resource.path, read, async (request, reply) => {
    requireAdministrator(request);
    const query = page.parse(request.query);
    const rows = await listServerBlocks(ctx.db, resource.table, query);
    setLinkHeader(
      request,
      reply,
      rows.map((row) => row.id),
      query,
    );
    return resource.serialize(ctx, rows);
  });

  app.get(`${resource.path}/:id`, read, async (request) => {
    requireAdministrator(request);
    return one(await findServerBlock(ctx.db, resource.table, idParams.parse(request.params).id));
  });

  app.post(resource.path, write, async (request) => {
    requireAdministrator(request);
    return one(await resource.create(ctx, request.body ?? {}));
  });

  const { update } = resource;
  if (update)
    app.put(`${resource.path}/:id`, write, async (request) => {
      requireAdministrator(request);
      return one(await update(ctx, idParams.parse(request.params).id, request.body ?? {}));
    });

  app.delete(`${resource.path}/:id`, write, async (request) => {
    requireAdministrator(request);
    await deleteServerBlock(ctx.db, resource.table, idParams.parse(request.params).id);
    return {};
  });
}

/** The admin API's server-wide block and allow lists. */
export async function registerServerBlockRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  blockRoutes(app, ctx, {
    path: '/api/v1/admin/domain_blocks',
    table: 'instance_domain_blocks',
    scope: 'domain_blocks',
    serialize: (_ctx, rows) => rows.map(serializeDomainBlock),
    create: (context, body) => createDomainBlock(context.db, domainBlockCreateSchema.parse(body)),
    update: (context, id, body) => updateDomainBlock(context.db, id, domainBlockUpdateSchema.parse(body)),
  });

  blockRoutes(app, ctx, {
    path: '/api/v1/admin/domain_allows',
    table: 'instance_domain_allows',
    scope: 'domain_allows',
    serialize: (_ctx, rows) => rows.map(({ id, domain, created_at }) => ({ id, domain, created_at })),
    create: (context, body) =>
      createDomainAllow(context.db, z.object({ domain: domainSchema }).parse(body).domain),
  });

  blockRoutes(app, ctx, {
    path: '/api/v1/admin/email_domain_blocks',
    table: 'email_domain_blocks',
    scope: 'email_domain_blocks',
    // Mastodon's history counts refused sign-up attempts, which are not recorded here
    serialize: (_ctx, rows) =>
      rows.map(({ id, domain, created_at, allow_with_approval }) => ({
        id,
        domain,
        created_at,
        allow_with_approval: allow_with_approval === 1,
        history: [],
      })),
    create: (context, body) => createEmailDomainBlock(context.db, emailDomainBlockInputSchema.parse(body)),
  });

  const serializeCanonical = (rows: ServerBlockRow<'canonical_email_blocks'>[]) =>
    rows.map(({ id, canonical_email_hash }) => ({ id, canonical_email_hash }));
  // registered before the resource so that /test is not taken for an id
  app.post(
    '/api/v1/admin/canonical_email_blocks/test',
    scopes('admin:read:canonical_email_blocks'),
    async (request) => {
      requireAdministrator(request);
      const { email } = z.object({ email: z.string().trim().min(1) }).parse(request.body ?? {});
      return serializeCanonical(await canonicalEmailBlocksMatching(ctx.db, email));
    },
  );
  blockRoutes(app, ctx, {
    path: '/api/v1/admin/canonical_email_blocks',
    table: 'canonical_email_blocks',
    scope: 'canonical_email_blocks',
    serialize: (_ctx, rows) => serializeCanonical(rows),
    create: (context, body) =>
      createCanonicalEmailBlock(context.db, canonicalEmailBlockInputSchema.parse(body)),
  });

  blockRoutes(app, ctx, {
    path: '/api/v1/admin/ip_blocks',
    table: 'ip_blocks',
    scope: 'ip_blocks',
    serialize: (_ctx, rows) =>
      rows.map(({ id, ip, severity, comment, created_at, expires_at }) => ({
        id,
        ip,
        severity,
        comment,
        created_at,
        expires_at,
      })),
    create: (context, body) => createIpBlock(context.db, ipBlockCreateSchema.parse(body)),
    update: (context, id, body) => updateIpBlock(context.db, id, ipBlockUpdateSchema.parse(body)),
  });
}
