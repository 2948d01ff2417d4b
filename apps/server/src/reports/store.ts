import type { Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { ReportsTable as ReportsColumns } from '../db/schema.js';
import { nowIso } from '../lib/time.js';

/** The moderators' reads and writes of `reports` (filing one is in file.ts). */

type ReportsTable = Selectable<ReportsColumns>;

export async function findReportById(db: DbOrTx, id: string): Promise<ReportsTable | undefined> {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Resolved or open reports, of a reporter and of a target account when given (to paginate). */
export function reportsQuery(
  db: DbOrTx,
  filter: {
    resolved?: boolean | undefined;
    accountId?: string | undefined;
    targetAccountId?: string | undefined;
  },
) {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('action_taken_at', filter.resolved ? 'is not' : 'is', null)
    .$if(Boolean(filter.accountId), (q) => q.where('account_id', '=', filter.accountId ?? ''))
    .$if(Boolean(filter.targetAccountId), (q) =>
      q.where('target_account_id', '=', filter.targetAccountId ?? ''),
    );
}

export type ReportChange = Partial<
  Pick<ReportsTable, 'action_taken_at' | 'action_taken_by_account_id' | 'assigned_account_id'>
>;

export async function updateReport(db: DbOrTx, id: string, change: ReportChange): Promise<void> {
  await db
    .updateTable('reports')
    .set({ ...change, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}
