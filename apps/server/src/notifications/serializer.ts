import { notificationTypeSchema, type Notification } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { NotificationsTable } from '../db/schema.js';
import { serializeAccount } from '../accounts/serializer.js';
import { serializeStatuses } from '../statuses/serializer.js';
import { hiddenByFilters } from '../filters/matcher.js';
import { serializeReports } from '../reports/serializer.js';
import { groupKeyOf } from './groups.js';
import { serializeCollections } from '../collections/serializer.js';
import { findAccountsByIds } from '../accounts/store.js';
import { findLiveStatusesByIds } from '../statuses/store.js';

/**
 * Mastodon Notification entities; notifications whose account or type is unknown are dropped, and so are those
 * whose status a `hide` filter for notifications matches.
 */
export async function serializeNotifications(
  ctx: AppContext,
  rows: NotificationsTable[],
  viewer: AccountRow,
): Promise<Notification[]> {
  if (rows.length === 0) return [];
  const accountIds = [...new Set(rows.map((row) => row.from_account_id))];
  const statusIds = [...new Set(rows.flatMap((row) => (row.status_id ? [row.status_id] : [])))];
  const [accounts, statusRows] = await Promise.all([
    findAccountsByIds(ctx.db, accountIds),
    statusIds.length ? findLiveStatusesByIds(ctx.db, statusIds) : Promise.resolve([]),
  ]);
  const reportIds = [...new Set(rows.flatMap((row) => (row.report_id ? [row.report_id] : [])))];
  const reportRows = reportIds.length
    ? await ctx.db.selectFrom('reports').selectAll().where('id', 'in', reportIds).execute()
    : [];
  const collectionIds = [...new Set(rows.flatMap((row) => (row.collection_id ? [row.collection_id] : [])))];
  const collectionRows = collectionIds.length
    ? await ctx.db.selectFrom('collections').selectAll().where('id', 'in', collectionIds).execute()
    : [];
  const [statuses, reports, collections] = await Promise.all([
    serializeStatuses(ctx, statusRows, viewer, 'notifications'),
    serializeReports(ctx, reportRows),
    serializeCollections(ctx, collectionRows, viewer),
  ]);
  const collectionById = new Map(collections.map((collection) => [collection.id, collection]));
  const reportById = new Map(reports.map((report) => [report.id, report]));
  const accountById = new Map(accounts.map((row) => [row.id, serializeAccount(ctx, row)]));
  const statusById = new Map(statuses.map((status) => [status.id, status]));
  return rows.flatMap((row) => {
    const account = accountById.get(row.from_account_id);
    const type = notificationTypeSchema.safeParse(row.type);
    if (!account || !type.success) return [];
    const status = row.status_id ? statusById.get(row.status_id) : undefined;
    if (row.status_id && (!status || hiddenByFilters(status))) return [];
    const report = row.report_id ? reportById.get(row.report_id) : undefined;
    const collection = row.collection_id ? collectionById.get(row.collection_id) : undefined;
    if (row.collection_id && !collection) return [];
    return [
      {
        id: row.id,
        type: type.data,
        group_key: groupKeyOf(row),
        created_at: row.created_at,
        account,
        ...(status ? { status } : {}),
        ...(report ? { report } : {}),
        ...(collection ? { collection } : {}),
      },
    ];
  });
}
