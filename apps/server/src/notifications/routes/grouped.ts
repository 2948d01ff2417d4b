import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  Account,
  GroupedNotifications,
  Notification,
  NotificationGroup,
  PartialAccount,
  Status,
} from '@palchat/api';
import { requireAccount, type AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { NotificationsTable } from '../../db/schema.js';
import { serializeAccount } from '../../accounts/serializer.js';
import { notFound } from '../../http/errors.js';
import {
  newestFirst,
  pageQuerySchema,
  paginateQuery,
  setLinkHeader,
  type PageQuery,
} from '../../timelines/pagination.js';
import { scopes } from '../../auth/route-scopes.js';
import { GROUPABLE_TYPES, groupKeyOf, groupQuery } from '../groups.js';
import {
  listParam,
  notificationListQuery,
  parseNotificationSelection,
  type NotificationSelection,
} from '../list-query.js';
import { serializeNotifications } from '../serializer.js';
import { deleteNotifications } from '../store.js';
import { findAccountsByIds } from '../../accounts/store.js';
import { countUnreadNotifications } from '../unread.js';

/** Mastodon's NotificationGroup::SAMPLE_ACCOUNTS_SIZE */
const SAMPLE_ACCOUNTS = 8;
/** notifications read per query while filling a page of groups, and at most in all */
const SCAN_BATCH = 100;
const MAX_SCAN = 2000;
/** accounts GET /api/v2/notifications/:group_key/accounts answers at most */
const MAX_GROUP_ACCOUNTS = 200;

const keyParams = z.object({ group_key: z.string().max(100) });
const expandQuery = z.object({ expand_accounts: z.enum(['full', 'partial_avatars']).default('full') });

interface GroupingOptions {
  selection: NotificationSelection;
  keyOf: (row: NotificationsTable) => string;
}

function groupingOptions(query: unknown): GroupingOptions {
  const asked = listParam(query, 'grouped_types');
  const groupedTypes = asked.length ? asked : GROUPABLE_TYPES;
  return { selection: parseNotificationSelection(query), keyOf: (row) => groupKeyOf(row, groupedTypes) };
}

/**
 * The notifications of one page of groups: read in the page's direction until `limit` groups have begun;
 * later notifications of those groups within the range read join them.
 */
async function pageOfGroupRows(
  ctx: AppContext,
  viewer: AccountRow,
  page: PageQuery,
  { selection, keyOf }: GroupingOptions,
): Promise<{ rows: NotificationsTable[]; full: boolean }> {
  const rows: NotificationsTable[] = [];
  const keys = new Set<string>();
  let cursor: PageQuery = { ...page, limit: SCAN_BATCH };
  for (let scanned = 0; scanned < MAX_SCAN; scanned += SCAN_BATCH) {
    const batch = await paginateQuery(
      notificationListQuery(ctx.db, viewer.id, selection),
      'notifications.id',
      cursor,
    ).execute();
    for (const row of batch) {
      const key = keyOf(row);
      if (!keys.has(key)) {
        if (keys.size === page.limit) return { rows: newestFirst(rows, page), full: true };
        keys.add(key);
      }
      rows.push(row);
    }
    const last = batch[batch.length - 1];
    if (batch.length < SCAN_BATCH || !last) break;
    cursor = page.min_id ? { ...cursor, min_id: last.id } : { ...cursor, max_id: last.id };
  }
  return { rows: newestFirst(rows, page), full: keys.size === page.limit };
}

const partialAccount = (account: Account): PartialAccount => ({
  id: account.id,
  acct: account.acct,
  url: account.url,
  avatar: account.avatar,
  avatar_static: account.avatar_static,
  locked: account.locked,
  bot: account.bot,
});

/** The whole group's size, newest notification and most recent accounts (the page holds only part of it). */
async function groupTotals(
  ctx: AppContext,
  viewer: AccountRow,
  key: string,
  members: Notification[],
  selection: NotificationSelection,
): Promise<{ count: number; mostRecentId: string; sampleIds: string[] }> {
  const query = key.startsWith('ungrouped-') ? null : groupQuery(ctx.db, viewer.id, key, selection);
  if (!query) {
    const [only] = members;
    return { count: members.length, mostRecentId: only?.id ?? '', sampleIds: only ? [only.account.id] : [] };
  }
  const [counted, recent] = await Promise.all([
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
    query
      .orderBy('notifications.id', 'desc')
      .limit(SAMPLE_ACCOUNTS * 5)
      .execute(),
  ]);
  return {
    count: Number(counted.count),
    mostRecentId: recent[0]?.id ?? members[0]?.id ?? '',
    sampleIds: [...new Set(recent.map((row) => row.from_account_id))].slice(0, SAMPLE_ACCOUNTS),
  };
}

/** Mastodon's GroupedNotificationsResults for the notifications of a page (newest first). */
async function renderGroups(
  ctx: AppContext,
  viewer: AccountRow,
  rows: NotificationsTable[],
  { selection, keyOf }: GroupingOptions,
  expand: 'full' | 'partial_avatars',
): Promise<GroupedNotifications> {
  const shown = await serializeNotifications(ctx, rows, viewer);
  const keyById = new Map(rows.map((row) => [row.id, keyOf(row)]));
  const membersOf = new Map<string, Notification[]>();
  for (const notification of shown) {
    const key = keyById.get(notification.id) ?? notification.group_key;
    membersOf.set(key, [...(membersOf.get(key) ?? []), notification]);
  }
  const knownAccounts = new Map(shown.map((notification) => [notification.account.id, notification.account]));
  const statuses = new Map<string, Status>();
  const groups: NotificationGroup[] = [];
  for (const [key, members] of membersOf) {
    const newest = members[0];
    const oldest = members[members.length - 1];
    if (!newest || !oldest) continue;
    const totals = await groupTotals(ctx, viewer, key, members, selection);
    if (newest.status) statuses.set(newest.status.id, newest.status);
    groups.push({
      group_key: key,
      notifications_count: totals.count,
      type: newest.type,
      most_recent_notification_id: totals.mostRecentId,
      page_min_id: oldest.id,
      page_max_id: newest.id,
      latest_page_notification_at: newest.created_at,
      sample_account_ids: totals.sampleIds,
      ...(newest.status ? { status_id: newest.status.id } : {}),
      ...(newest.report ? { report: newest.report } : {}),
      ...(newest.collection ? { collection: newest.collection } : {}),
    });
  }
  const sampleIds = [...new Set(groups.flatMap((group) => group.sample_account_ids))];
  const missing = sampleIds.filter((id) => !knownAccounts.has(id));
  if (missing.length) {
    const extra = await findAccountsByIds(ctx.db, missing);
    for (const row of extra) knownAccounts.set(row.id, serializeAccount(ctx, row));
  }
  const accountsOf = (ids: string[]) => ids.flatMap((id) => knownAccounts.get(id) ?? []);
  const results = { statuses: [...statuses.values()], notification_groups: groups };
  if (expand === 'full') return { accounts: accountsOf(sampleIds), ...results };
  // the most recent account of each group in full, the others as avatars
  const fullIds = new Set(groups.flatMap((group) => group.sample_account_ids.slice(0, 1)));
  return {
    accounts: accountsOf([...fullIds]),
    partial_accounts: accountsOf(sampleIds.filter((id) => !fullIds.has(id))).map(partialAccount),
    ...results,
  };
}

/** Mastodon 4.3's grouped notifications: the v1 list's notifications, gathered by group_key. */
export async function registerGroupedNotificationRoutes(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  const pageQuery = pageQuerySchema(40, 80);

  app.get('/api/v2/notifications', scopes('read:notifications'), async (request, reply) => {
    const viewer = requireAccount(request);
    const page = pageQuery.parse(request.query);
    const { expand_accounts: expand } = expandQuery.parse(request.query);
    const options = groupingOptions(request.query);
    const { rows, full } = await pageOfGroupRows(ctx, viewer, page, options);
    setLinkHeader(
      request,
      reply,
      rows.map((row) => row.id),
      page,
      full,
    );
    return renderGroups(ctx, viewer, rows, options, expand);
  });

  /** Unread groups: newer than the notifications marker, a group counting once (capped at `limit`). */
  app.get('/api/v2/notifications/unread_count', scopes('read:notifications'), async (request) => {
    const viewer = requireAccount(request);
    const { limit } = z
      .object({ limit: z.coerce.number().int().min(1).max(1000).default(100) })
      .parse(request.query);
    return { count: await countUnreadNotifications(ctx, viewer, limit, groupingOptions(request.query)) };
  });

  /** The group's notifications, newest first (404 when the viewer has none under that key). */
  const groupRows = async (viewer: AccountRow, key: string, limit: number) => {
    const query = groupQuery(ctx.db, viewer.id, key);
    const rows = query ? await query.orderBy('notifications.id', 'desc').limit(limit).execute() : [];
    if (rows.length === 0) throw notFound();
    return rows;
  };
  const keyOptions = (key: string): GroupingOptions => ({
    selection: { types: [], excludeTypes: [] },
    keyOf: () => key,
  });

  app.get('/api/v2/notifications/:group_key', scopes('read:notifications'), async (request) => {
    const viewer = requireAccount(request);
    const { group_key: key } = keyParams.parse(request.params);
    const { expand_accounts: expand } = expandQuery.parse(request.query);
    const rows = await groupRows(viewer, key, SCAN_BATCH);
    const results = await renderGroups(ctx, viewer, rows, keyOptions(key), expand);
    if (results.notification_groups.length === 0) throw notFound();
    return results;
  });

  app.get('/api/v2/notifications/:group_key/accounts', scopes('read:notifications'), async (request) => {
    const viewer = requireAccount(request);
    const { group_key: key } = keyParams.parse(request.params);
    const rows = await groupRows(viewer, key, MAX_GROUP_ACCOUNTS);
    const ids = [...new Set(rows.map((row) => row.from_account_id))];
    const accounts = await findAccountsByIds(ctx.db, ids);
    const byId = new Map(accounts.map((row) => [row.id, serializeAccount(ctx, row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  });

  app.post('/api/v2/notifications/:group_key/dismiss', scopes('write:notifications'), async (request) => {
    const viewer = requireAccount(request);
    const { group_key: key } = keyParams.parse(request.params);
    const query = groupQuery(ctx.db, viewer.id, key);
    const ids = query
      ? (await query.clearSelect().select('notifications.id').execute()).map((row) => row.id)
      : [];
    if (ids.length === 0) throw notFound();
    await deleteNotifications(ctx.db, viewer.id, ids);
    return {};
  });
}
