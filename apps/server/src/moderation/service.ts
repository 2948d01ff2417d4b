import { Permission, type AdminDashboard, type AdminReport } from '@palchat/api';
import { permissionsOf } from '../auth/permissions.js';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { Selectable } from 'kysely';
import type { ReportsTable as ReportsColumns } from '../db/schema.js';

type ReportsTable = Selectable<ReportsColumns>;
import { forbidden } from '../http/errors.js';
import { ACTIVE_USERS_WINDOW_DAYS } from '../instance/limits.js';
import { isoDaysAgo } from '../lib/time.js';
import { serializeAdminAccounts } from './accounts.js';
import { serializeStatuses } from '../statuses/serializer.js';
import { idList, reportBasics } from '../reports/serializer.js';
import { listRules } from '../instance-content/service.js';
import { countActiveAccounts, findAccountsByIds } from '../accounts/store.js';
import { countStatuses, findStatusesByIds } from '../statuses/store.js';

export function requireModeration(account: AccountRow): void {
  if ((permissionsOf(account) & Permission.manageReports) === 0) throw forbidden();
}

export function requireAdministration(account: AccountRow): void {
  if ((permissionsOf(account) & (Permission.administrator | Permission.viewDashboard)) === 0)
    throw forbidden();
}

/** Admin report entities with the reported statuses and, for chat reports, the quoted messages. */
export async function serializeReports(
  ctx: AppContext,
  rows: ReportsTable[],
  viewer: AccountRow,
): Promise<AdminReport[]> {
  if (rows.length === 0) return [];
  const statusIds = [...new Set(rows.flatMap((row) => idList(row.status_ids)))];
  const messageIds = [...new Set(rows.flatMap((row) => idList(row.message_ids)))];
  const conversationIds = [
    ...new Set(rows.flatMap((row) => (row.conversation_id ? [row.conversation_id] : []))),
  ];
  const [statusRows, messages, conversations, rules] = await Promise.all([
    statusIds.length ? findStatusesByIds(ctx.db, statusIds) : [],
    messageIds.length
      ? ctx.db
          .selectFrom('messages')
          .select(['id', 'content', 'created_at', 'sender_id'])
          .where('id', 'in', messageIds)
          .orderBy('id')
          .execute()
      : [],
    conversationIds.length
      ? ctx.db
          .selectFrom('conversations')
          .select(['id', 'name', 'is_group'])
          .where('id', 'in', conversationIds)
          .execute()
      : [],
    rows.some((row) => idList(row.rule_ids).length > 0) ? listRules(ctx.db) : [],
  ]);
  const accountIds = [
    ...new Set(
      rows
        .flatMap((row) => [
          row.account_id,
          row.target_account_id,
          row.action_taken_by_account_id,
          row.assigned_account_id,
        ])
        .filter((id): id is string => Boolean(id)),
    ),
    ...messages.map((message) => message.sender_id),
    ...rows.flatMap((row) => revealedIn(row).map((message) => message.sender_id)),
  ];
  const accountRows = await findAccountsByIds(ctx.db, accountIds);
  const accounts = new Map(
    (await serializeAdminAccounts(ctx, accountRows)).map((account) => [account.id, account]),
  );
  // moderators see reported statuses whatever their visibility, deleted ones included
  const statuses = await serializeStatuses(ctx, statusRows, viewer);
  return rows.flatMap((row) => {
    const account = accounts.get(row.account_id);
    if (!account) return [];
    const conversation = conversations.find((entry) => entry.id === row.conversation_id);
    const wanted = new Set(idList(row.message_ids));
    return [
      {
        ...reportBasics(row),
        updated_at: row.updated_at ?? row.action_taken_at ?? row.created_at,
        account,
        target_account: row.target_account_id ? (accounts.get(row.target_account_id) ?? null) : null,
        action_taken_by_account: row.action_taken_by_account_id
          ? (accounts.get(row.action_taken_by_account_id) ?? null)
          : null,
        assigned_account: row.assigned_account_id ? (accounts.get(row.assigned_account_id) ?? null) : null,
        statuses: statuses.filter((status) => idList(row.status_ids).includes(status.id)),
        rules: rules.filter((rule) => idList(row.rule_ids).includes(rule.id)),
        chat:
          row.conversation_id !== null
            ? {
                conversation_id: row.conversation_id,
                conversation_name: conversation?.name ?? null,
                is_group: conversation?.is_group === 1,
                messages: [
                  ...messages
                    .filter((message) => wanted.has(message.id))
                    .map((message) => ({
                      id: message.id,
                      content: message.content,
                      created_at: message.created_at,
                      sender: accounts.get(message.sender_id)?.account ?? null,
                    })),
                  ...revealedIn(row).map((message) => ({
                    id: message.message_id,
                    content: message.content,
                    created_at: message.created_at,
                    sender: accounts.get(message.sender_id)?.account ?? null,
                    revealed: true,
                  })),
                ],
              }
            : null,
      },
    ];
  });
}

interface RevealedMessage {
  message_id: string;
  sender_id: string;
  content: string;
  created_at: string;
}

/** An encrypted chat's report: the messages its reporter revealed (stored as they gave them). */
function revealedIn(row: ReportsTable): RevealedMessage[] {
  if (!row.revealed_messages) return [];
  return JSON.parse(row.revealed_messages) as RevealedMessage[];
}

const count = (value: { count: number | string } | undefined): number => Number(value?.count ?? 0);

/** Users (approved, enabled, not suspended), active users over the last 30 days, posts (not boosts) and open reports. */
export async function dashboardCounts(ctx: AppContext): Promise<AdminDashboard> {
  const since = isoDaysAgo(ACTIVE_USERS_WINDOW_DAYS);
  const [users, active, posts, reports] = await Promise.all([
    countActiveAccounts(ctx.db),
    countActiveAccounts(ctx.db, since),
    countStatuses(ctx.db),
    ctx.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('action_taken_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return {
    users: count(users),
    active_users: count(active),
    posts: count(posts),
    open_reports: count(reports),
  };
}
