import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAccount, type AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { Selectable } from 'kysely';
import type { ReportsTable as ReportsColumns } from '../../db/schema.js';

type ReportsTable = Selectable<ReportsColumns>;
import { notFound } from '../../http/errors.js';
import { isId, storedId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { queryFlag } from '../../timelines/query-flag.js';
import { newestFirst, pageQuerySchema, paginateQuery, setLinkHeader } from '../../timelines/pagination.js';
import { dashboardCounts, requireAdministration, requireModeration, serializeReports } from '../service.js';
import { scopes } from '../../auth/route-scopes.js';
import { findReportById, reportsQuery, updateReport, type ReportChange } from '../../reports/store.js';

const idParams = z.object({ id: z.string() });

/** What each report action changes: resolving records who acted, assigning who handles it. */
function reportChange(
  action: 'resolve' | 'reopen' | 'assign_to_self' | 'unassign',
  viewer: AccountRow,
): ReportChange {
  switch (action) {
    case 'resolve':
      return { action_taken_at: nowIso(), action_taken_by_account_id: viewer.id };
    case 'reopen':
      return { action_taken_at: null, action_taken_by_account_id: null };
    case 'assign_to_self':
      return { assigned_account_id: viewer.id };
    case 'unassign':
      return { assigned_account_id: null };
  }
}

/** /admin/reports (moderation permission) and /admin/dashboard (administration permission) data. */
export async function registerModerationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const page = pageQuerySchema(100, 200).extend({
    resolved: queryFlag,
    account_id: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
    target_account_id: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
  });

  const moderator = (request: Parameters<typeof requireAccount>[0]): AccountRow => {
    const account = requireAccount(request);
    requireModeration(account);
    return account;
  };

  async function findReport(id: string): Promise<ReportsTable> {
    const row = isId(id) ? await findReportById(ctx.db, storedId(id)) : undefined;
    if (!row) throw notFound();
    return row;
  }

  app.get('/api/v1/admin/reports', scopes('admin:read:reports'), async (request, reply) => {
    const viewer = moderator(request);
    const query = page.parse(request.query);
    const base = reportsQuery(ctx.db, {
      resolved: query.resolved,
      accountId: query.account_id && storedId(query.account_id),
      targetAccountId: query.target_account_id && storedId(query.target_account_id),
    });
    const rows = newestFirst(await paginateQuery(base, 'reports.id', query).execute(), query);
    setLinkHeader(
      request,
      reply,
      rows.map((row) => row.id),
      query,
    );
    return serializeReports(ctx, rows, viewer);
  });

  app.get('/api/v1/admin/reports/:id', scopes('admin:read:reports'), async (request) => {
    const viewer = moderator(request);
    const { id } = idParams.parse(request.params);
    const [report] = await serializeReports(ctx, [await findReport(id)], viewer);
    if (!report) throw notFound();
    return report;
  });

  for (const action of ['resolve', 'reopen', 'assign_to_self', 'unassign'] as const) {
    app.post(`/api/v1/admin/reports/:id/${action}`, scopes('admin:write:reports'), async (request) => {
      const viewer = moderator(request);
      const { id } = idParams.parse(request.params);
      const report = await findReport(id);
      await updateReport(ctx.db, report.id, reportChange(action, viewer));
      const [rendered] = await serializeReports(ctx, [await findReport(report.id)], viewer);
      return rendered;
    });
  }

  app.get('/api/v1/admin/dashboard', scopes('admin:read'), async (request) => {
    requireAdministration(requireAccount(request));
    return dashboardCounts(ctx);
  });
}
