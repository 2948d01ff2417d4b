import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { emitCommitted, transactionWithEvents } from '../events/transaction.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { notifyStaff } from '../moderation/staff-notifications.js';

export interface NewReport {
  /** the reporter: a local account, or the remote actor of a Flag */
  accountId: string;
  targetAccountId: string;
  statusIds: string[];
  ruleIds: string[];
  category: string;
  comment: string;
  forwarded: boolean;
}

/**
 * Files a report for the moderators: stored, and an `admin.report` notification for each of them (delivered by
 * the ReportFiled subscribers).
 */
export async function fileReport(ctx: AppContext, input: NewReport) {
  const now = nowIso();
  const row = {
    id: newId(),
    account_id: input.accountId,
    target_account_id: input.targetAccountId,
    conversation_id: null,
    message_ids: '[]',
    status_ids: JSON.stringify(input.statusIds),
    rule_ids: JSON.stringify(input.ruleIds),
    category: input.category,
    comment: input.comment,
    forwarded: input.forwarded ? (1 as const) : (0 as const),
    action_taken_at: null,
    action_taken_by_account_id: null,
    assigned_account_id: null,
    revealed_messages: null,
    created_at: now,
    updated_at: now,
  };
  await transactionWithEvents(ctx, async (tx, emit) => {
    await tx.insertInto('reports').values(row).execute();
    const notifications = await notifyStaff(tx, 'admin.report', input.accountId, row.id);
    await emit({ type: 'ReportFiled', report: row, notifications });
  });
  return row;
}

/** The reporter asked that the report of a remote account go to that account's server too. */
export async function forwardReport(
  ctx: AppContext,
  report: { id: string; comment: string },
  statusIds: readonly string[],
  target: AccountRow,
): Promise<void> {
  if (!target.domain) return;
  await emitCommitted(ctx, { type: 'ReportForwarded', report: { ...report, status_ids: statusIds }, target });
}
