import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { AnnualReportsTable } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { nowIso } from '../lib/time.js';
import { serializeStatuses } from '../statuses/serializer.js';
import { campaignYear } from './campaign.js';
import { buildAnnualReport, isEligible, SCHEMA_VERSION, type AnnualReportData } from './report.js';
import { findStatusesVisibleTo } from '../statuses/store.js';

export type AnnualReportState = 'available' | 'generating' | 'eligible' | 'ineligible';

function findReport(ctx: AppContext, accountId: string, year: number) {
  return ctx.db
    .selectFrom('annual_reports')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('year', '=', year)
    .executeTakeFirst();
}

/**
 * `available` once generated; `eligible` while the year's campaign runs and the account posted that year;
 * `ineligible` otherwise. Reports are generated within the request that asks, so `generating` is never seen.
 */
export async function reportState(
  ctx: AppContext,
  account: AccountRow,
  year: number,
): Promise<AnnualReportState> {
  if (await findReport(ctx, account.id, year)) return 'available';
  if (campaignYear(new Date()) !== year) return 'ineligible';
  return (await isEligible(ctx.db, account.id, year)) ? 'eligible' : 'ineligible';
}

/** Generates and keeps the year's report when the campaign runs and the account is eligible; else nothing. */
export async function generateReport(ctx: AppContext, account: AccountRow, year: number): Promise<void> {
  if ((await reportState(ctx, account, year)) !== 'eligible') return;
  const data = await buildAnnualReport(ctx.db, account.id, year);
  await ctx.db
    .insertInto('annual_reports')
    .values({
      account_id: account.id,
      year,
      schema_version: SCHEMA_VERSION,
      data: JSON.stringify(data),
      viewed_at: null,
      created_at: nowIso(),
    })
    // two requests generating at once: the first one's report stays
    .onConflict((conflict) => conflict.columns(['account_id', 'year']).doNothing())
    .execute();
}

export async function markReportRead(ctx: AppContext, account: AccountRow, year: number): Promise<void> {
  const result = await ctx.db
    .updateTable('annual_reports')
    .set({ viewed_at: nowIso() })
    .where('account_id', '=', account.id)
    .where('year', '=', year)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound();
}

/** The reports GET /api/v1/annual_reports lists: the ones not yet marked read, as Mastodon's `pending`. */
export function unreadReports(ctx: AppContext, account: AccountRow) {
  return ctx.db
    .selectFrom('annual_reports')
    .selectAll()
    .where('account_id', '=', account.id)
    .where('viewed_at', 'is', null)
    .orderBy('year', 'desc')
    .execute();
}

export async function oneReport(ctx: AppContext, account: AccountRow, year: number) {
  const report = await findReport(ctx, account.id, year);
  if (!report) throw notFound();
  return [report];
}

/** Mastodon's WrappedAnnualReports: the reports with the statuses they name (those the viewer may still see). */
export async function wrapReports(ctx: AppContext, viewer: AccountRow, rows: AnnualReportsTable[]) {
  const reports = rows.map((row) => ({ row, data: JSON.parse(row.data) as AnnualReportData }));
  const statusIds = [
    ...new Set(
      reports.flatMap(({ data }) =>
        Object.values(data.top_statuses ?? {}).filter((id): id is string => typeof id === 'string'),
      ),
    ),
  ];
  const statusRows = statusIds.length ? await findStatusesVisibleTo(ctx.db, viewer.id, statusIds) : [];
  return {
    annual_reports: reports.map(({ row, data }) => ({
      year: row.year,
      data,
      schema_version: row.schema_version,
      share_url: null,
      account_id: row.account_id,
    })),
    accounts: [],
    statuses: await serializeStatuses(ctx, statusRows, viewer),
  };
}
