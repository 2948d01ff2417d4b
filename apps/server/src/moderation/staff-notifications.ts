import type { DbOrTx } from '../db/index.js';
import type { NotificationsTable } from '../db/schema.js';
import { recordNotification } from '../notifications/service.js';
import { staffAccountIds } from '../accounts/store.js';

/**
 * admin.report goes to everyone who handles reports (moderators and admins); admin.sign_up to the same
 * people, as Mastodon's default roles do. `fromAccountId` is the reporter or the new account; admin.report
 * notifications remember their report (`reportId`).
 */
export async function notifyStaff(
  db: DbOrTx,
  type: 'admin.report' | 'admin.sign_up',
  fromAccountId: string,
  reportId: string | null = null,
): Promise<NotificationsTable[]> {
  const staff = await staffAccountIds(db, fromAccountId);
  const written: NotificationsTable[] = [];
  for (const staffId of staff) {
    const row = await recordNotification(db, { accountId: staffId, fromAccountId, type });
    if (!row) continue;
    if (reportId) {
      await db.updateTable('notifications').set({ report_id: reportId }).where('id', '=', row.id).execute();
      row.report_id = reportId;
    }
    written.push(row);
  }
  return written;
}
