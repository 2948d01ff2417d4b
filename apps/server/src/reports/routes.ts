import type { FastifyInstance } from 'fastify';
import { accountReportInputSchema } from '@palchat/api';
import { requireAccount } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { NotificationsTable } from '../db/schema.js';
import { findAccountOr404 } from '../accounts/lookup.js';
import { serializeAccount } from '../accounts/serializer.js';
import { badRequest, unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { notifyStaff } from '../moderation/staff-notifications.js';
import { publishNotification } from '../notifications/service.js';
import { scopes } from '../auth/route-scopes.js';

/** Form bodies send `status_ids[]`; JSON sends arrays. */
function normalize(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Expected a JSON object or form fields');
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const list = /^(status_ids|rule_ids)\[\]$/.exec(key);
    if (list?.[1]) input[list[1]] = Array.isArray(value) ? value : [value];
    else if (key === 'forward' && typeof value === 'string')
      input.forward = ['true', '1', 'on'].includes(value);
    else input[key] = value;
  }
  if (typeof input.status_ids === 'string') input.status_ids = [input.status_ids];
  return input;
}

/** POST /api/v1/reports: an account, optionally with some of its statuses, for the moderators. */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/v1/reports', scopes('write:reports'), async (request) => {
    const viewer = requireAccount(request);
    const input = accountReportInputSchema.parse(normalize(request.body));
    const target = await findAccountOr404(ctx.db, input.account_id);
    if (target.id === viewer.id)
      throw unprocessable('Validation failed: you cannot report yourself', 'self_report');
    const statusIds = [...new Set((input.status_ids ?? []).map((id) => id.padStart(18, '0')))];
    if (statusIds.length) {
      const found = await ctx.db
        .selectFrom('statuses')
        .select('id')
        .where('id', 'in', statusIds)
        .where('account_id', '=', target.id)
        .execute();
      if (found.length !== statusIds.length)
        throw unprocessable(
          "Validation failed: status_ids must be the reported account's statuses",
          'report_statuses',
        );
    }
    const now = nowIso();
    const row = {
      id: newId(),
      account_id: viewer.id,
      target_account_id: target.id,
      conversation_id: null,
      message_ids: '[]',
      status_ids: JSON.stringify(statusIds),
      category: input.category,
      comment: (input.comment ?? '').trim(),
      forwarded: input.forward ? (1 as const) : (0 as const),
      action_taken_at: null,
      action_taken_by_account_id: null,
      created_at: now,
      updated_at: now,
    };
    let notifications: NotificationsTable[] = [];
    await ctx.db.transaction().execute(async (tx) => {
      await tx.insertInto('reports').values(row).execute();
      notifications = await notifyStaff(tx, 'admin.report', viewer.id);
    });
    for (const notification of notifications) await publishNotification(ctx, notification);
    return {
      id: row.id,
      action_taken: false,
      action_taken_at: null,
      category: row.category,
      comment: row.comment,
      forwarded: row.forwarded === 1,
      created_at: now,
      status_ids: statusIds,
      rule_ids: [],
      target_account: serializeAccount(ctx, target),
    };
  });
}
