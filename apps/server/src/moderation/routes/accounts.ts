import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAccount, type AccountRow } from '../../auth/viewer.js';
import { scopes } from '../../auth/route-scopes.js';
import type { AppContext } from '../../context.js';
import { queryFlag } from '../../timelines/query-flag.js';
import { pageQuerySchema, setLinkHeader } from '../../timelines/pagination.js';
import {
  applyAccountAction,
  approveAccount,
  deleteSuspendedAccount,
  findModeratedAccount,
  liftLimit,
  listAdminAccounts,
  rejectAccount,
  serializeAdminAccount,
  serializeAdminAccounts,
  type AccountStatusFilter,
  type AdminAccountFilter,
  type LiftedLimit,
} from '../accounts.js';
import { requireModeration } from '../service.js';

const idParams = z.object({ id: z.string() });
const text = z.string().trim().min(1).optional();

const v1Filters = z.object({
  local: queryFlag,
  remote: queryFlag,
  by_domain: text,
  active: queryFlag,
  pending: queryFlag,
  disabled: queryFlag,
  sensitized: queryFlag,
  silenced: queryFlag,
  suspended: queryFlag,
  staff: queryFlag,
  username: text,
  display_name: text,
  email: text,
  ip: text,
});

const v2Filters = z.object({
  origin: z.enum(['local', 'remote']).optional(),
  status: z.enum(['active', 'pending', 'disabled', 'silenced', 'suspended', 'sensitized']).optional(),
  permissions: z.enum(['staff']).optional(),
  by_domain: text,
  username: text,
  display_name: text,
  email: text,
  ip: text,
});

const V1_STATUSES: AccountStatusFilter[] = [
  'pending',
  'disabled',
  'silenced',
  'suspended',
  'sensitized',
  'active',
];

function filterFromV1(query: z.infer<typeof v1Filters>): AdminAccountFilter {
  return {
    origin: query.remote ? 'remote' : query.local ? 'local' : undefined,
    byDomain: query.by_domain,
    status: V1_STATUSES.find((status) => query[status]),
    staff: query.staff,
    username: query.username,
    displayName: query.display_name,
    email: query.email,
    ip: query.ip,
  };
}

function filterFromV2(query: z.infer<typeof v2Filters>): AdminAccountFilter {
  return {
    origin: query.origin,
    byDomain: query.by_domain,
    status: query.status,
    staff: query.permissions === 'staff',
    username: query.username,
    displayName: query.display_name,
    email: query.email,
    ip: query.ip,
  };
}

const actionSchema = z.object({
  type: z.enum(['none', 'sensitive', 'disable', 'silence', 'suspend']).default('none'),
  report_id: z.coerce.string().optional(),
  warning_preset_id: z.coerce.string().optional(),
  text: z.string().optional(),
  send_email_notification: z.unknown().optional(),
});

const LIFTS: LiftedLimit[] = ['enable', 'unsilence', 'unsuspend', 'unsensitive'];

/**
 * Mastodon's admin accounts API, for those who handle reports (the web moderation view's permission):
 * list (v1 and v2 filters), show, approve and reject sign-ups, limit, lift limits, delete a suspended account.
 */
export async function registerAdminAccountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const page = pageQuerySchema(100, 200);

  const moderator = (request: FastifyRequest): AccountRow => {
    const account = requireAccount(request);
    requireModeration(account);
    return account;
  };
  const target = (request: FastifyRequest) => findModeratedAccount(ctx.db, idParams.parse(request.params).id);

  for (const [url, toFilter] of [
    ['/api/v1/admin/accounts', (query: unknown) => filterFromV1(v1Filters.parse(query))],
    ['/api/v2/admin/accounts', (query: unknown) => filterFromV2(v2Filters.parse(query))],
  ] as const) {
    app.get(url, scopes('admin:read:accounts'), async (request, reply) => {
      moderator(request);
      const query = page.parse(request.query);
      const rows = await listAdminAccounts(ctx.db, toFilter(request.query), query, ctx.config.localDomain);
      setLinkHeader(
        request,
        reply,
        rows.map((row) => row.id),
        query,
      );
      return serializeAdminAccounts(ctx, rows);
    });
  }

  app.get('/api/v1/admin/accounts/:id', scopes('admin:read:accounts'), async (request) => {
    moderator(request);
    return serializeAdminAccount(ctx, await target(request));
  });

  app.post('/api/v1/admin/accounts/:id/action', scopes('admin:write:accounts'), async (request) => {
    const viewer = moderator(request);
    const input = actionSchema.parse(request.body ?? {});
    await applyAccountAction(ctx, viewer, await target(request), {
      type: input.type,
      reportId: input.report_id,
    });
    return {};
  });

  app.post('/api/v1/admin/accounts/:id/approve', scopes('admin:write:accounts'), async (request) => {
    moderator(request);
    return serializeAdminAccount(ctx, await approveAccount(ctx, await target(request)));
  });

  app.post('/api/v1/admin/accounts/:id/reject', scopes('admin:write:accounts'), async (request) => {
    moderator(request);
    return rejectAccount(ctx, await target(request));
  });

  for (const lift of LIFTS) {
    app.post(`/api/v1/admin/accounts/:id/${lift}`, scopes('admin:write:accounts'), async (request) => {
      const viewer = moderator(request);
      return serializeAdminAccount(ctx, await liftLimit(ctx, viewer, await target(request), lift));
    });
  }

  app.delete('/api/v1/admin/accounts/:id', scopes('admin:write:accounts'), async (request) => {
    const viewer = moderator(request);
    return deleteSuspendedAccount(ctx, viewer, await target(request));
  });
}
