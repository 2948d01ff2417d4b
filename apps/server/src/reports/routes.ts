import type { FastifyInstance } from 'fastify';
import { accountReportInputSchema } from '@palchat/api';
import { requireAccount } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { findAccountOr404 } from '../accounts/lookup.js';
import { badRequest, unprocessable } from '../http/errors.js';
import { scopes } from '../auth/route-scopes.js';
import { fileReport, forwardReport } from './file.js';
import { serializeReports } from './serializer.js';
import { storedId } from '../lib/ids.js';
import { countRulesAmong } from '../instance-content/service.js';
import { statusIdsOfAccount } from '../statuses/store.js';

/** Form bodies send `status_ids[]` (a list once parsed) and booleans as text; a lone id is a list of one. */
function normalize(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('http.expected_object');
  const input: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (typeof input.forward === 'string') input.forward = ['true', '1', 'on'].includes(input.forward);
  if (typeof input.status_ids === 'string') input.status_ids = [input.status_ids];
  if (typeof input.rule_ids === 'string') input.rule_ids = [input.rule_ids];
  return input;
}

/** The cited rules, each an instance rule (422 otherwise), as stored ids. */
async function citedRules(ctx: AppContext, ruleIds: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ruleIds.map((id) => (/^\d{1,18}$/.test(id) ? storedId(id) : id)))];
  if (wanted.length === 0) return [];
  if ((await countRulesAmong(ctx.db, wanted)) !== wanted.length)
    throw unprocessable('reports.rules', 'report_rules');
  return wanted;
}

/** POST /api/v1/reports: an account, optionally with some of its statuses, for the moderators. */
export async function registerReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/v1/reports', scopes('write:reports'), async (request) => {
    const viewer = requireAccount(request);
    const input = accountReportInputSchema.parse(normalize(request.body));
    const target = await findAccountOr404(ctx.db, input.account_id);
    if (target.id === viewer.id) throw unprocessable('reports.self', 'self_report');
    const statusIds = [...new Set((input.status_ids ?? []).map((id) => storedId(id)))];
    if (statusIds.length) {
      const found = await statusIdsOfAccount(ctx.db, target.id, statusIds);
      if (found.length !== statusIds.length) throw unprocessable('reports.statuses', 'report_statuses');
    }
    const ruleIds = await citedRules(ctx, input.rule_ids ?? []);
    const row = await fileReport(ctx, {
      accountId: viewer.id,
      targetAccountId: target.id,
      statusIds,
      ruleIds,
      // citing rules makes a report about a rule violation, as in Mastodon
      category: ruleIds.length ? 'violation' : input.category,
      comment: (input.comment ?? '').trim(),
      forwarded: Boolean(input.forward),
    });
    if (input.forward) await forwardReport(ctx, row, statusIds, target);
    const [report] = await serializeReports(ctx, [row]);
    return report;
  });
}
