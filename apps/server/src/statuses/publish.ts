import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/index.js';
import type { NotificationsTable, StatusesTable } from '../db/schema.js';
import { transactionWithEvents } from '../events/transaction.js';
import { recordNotification } from '../notifications/service.js';
import { adjustStatusesCount } from '../accounts/store.js';
import { adjustStatusCounter } from './counters.js';
import { insertQuote, type NewQuote } from './quotes.js';
import {
  adoptWaitingReplies,
  insertStatus,
  linkMentions,
  linkTagNames,
  recordOriginalVersion,
  snapshot,
  updateStatusContent,
} from './store.js';

/**
 * The one write path of statuses, local and remote alike: the API's compose (statuses/compose.ts) and the inbox's
 * ingest (federation/ingest/statuses.ts) both call these commands. What differs stays with the caller: how the
 * text becomes the row (local text, sanitized remote HTML), its media and poll, and how its mentions are found.
 */

type Notifications = (NotificationsTable | null)[];

/** What a caller adds inside the transaction: its own writes (media, poll…), then the status's mentions and tags. */
export interface StatusParts {
  /** the accounts the status mentions (its author left out) */
  mentioned: AccountRow[];
  /** its hashtags: lower-cased, without # */
  tagNames: readonly string[];
}

export interface NewStatus {
  status: StatusesTable;
  author: AccountRow;
  /** the caller's writes in the same transaction, after the row; answers the status's parts */
  writeParts: (tx: Tx) => Promise<StatusParts>;
  /** the quote the status makes, if any */
  quote?: Omit<NewQuote, 'status'> | null;
}

/**
 * Stores a new status with its parts in one transaction: the row, the caller's parts, tags and mentions, the
 * author's and the parent's counters, replies that waited for it, mention and quote notifications; then
 * StatusPublished once committed. False when a status with the same uri was stored first (nothing is written).
 */
export async function publishStatus(ctx: AppContext, { status, author, writeParts, quote }: NewStatus) {
  return transactionWithEvents(ctx, async (tx, emit) => {
    if (!(await insertStatus(tx, status))) return false;
    const { mentioned, tagNames } = await writeParts(tx);
    await linkTagNames(tx, status.id, tagNames);
    await linkMentions(tx, status.id, mentioned);
    await adjustStatusesCount(tx, author.id, { delta: 1, at: status.created_at });
    if (status.in_reply_to_id) await adjustStatusCounter(tx, status.in_reply_to_id, 'replies_count', 1);
    await adoptWaitingReplies(tx, status);
    const notifications: Notifications = await notifyMentioned(tx, status, mentioned);
    if (quote) notifications.push(await insertQuote(tx, { status, ...quote }));
    await emit({ type: 'StatusPublished', status, author, notifications, quoted: quote?.quoted ?? null });
    return true;
  });
}

export interface StatusEdit {
  current: StatusesTable;
  updated: StatusesTable;
  author: AccountRow;
  /** the caller's writes in the same transaction, after the row (media, poll, quote); answers the parts */
  writeParts: (
    tx: Tx,
  ) => Promise<StatusParts & { notifications?: Notifications; quoted?: StatusesTable | null }>;
  /** notifications the caller adds once the edit is recorded (a local author's quoters) */
  notifyAlso?: (tx: Tx, updated: StatusesTable) => Promise<Notifications>;
}

/**
 * Stores an edit in one transaction: the original version first when this is the first edit, the new content,
 * the caller's parts, tags and mentions, a notification for each newly mentioned account and each booster, the
 * new version in the history; then StatusEdited once committed.
 */
export async function recordStatusEdit(
  ctx: AppContext,
  { current, updated, author, writeParts, notifyAlso }: StatusEdit,
): Promise<void> {
  await transactionWithEvents(ctx, async (tx, emit) => {
    await recordOriginalVersion(tx, current);
    await updateStatusContent(tx, updated);
    const parts = await writeParts(tx);
    const notifications: Notifications = [...(parts.notifications ?? [])];
    await linkTagNames(tx, current.id, parts.tagNames);
    await linkMentions(tx, current.id, parts.mentioned);
    // as Mastodon's fan-out on updates: only the accounts the edit adds are notified
    notifications.push(
      ...(await notifyMentioned(tx, updated, await notYetNotified(tx, current.id, parts.mentioned))),
    );
    await snapshot(tx, updated, updated.edited_at ?? updated.created_at);
    notifications.push(...(await notifyBoostersOfEdit(tx, updated)));
    if (notifyAlso) notifications.push(...(await notifyAlso(tx, updated)));
    const quoted = parts.quoted ?? null;
    await emit({ type: 'StatusEdited', status: updated, author, notifications, quoted });
  });
}

/** Mention notifications from a status to the local accounts it names (remote ones hear from their server). */
async function notifyMentioned(
  tx: Tx,
  status: StatusesTable,
  accounts: AccountRow[],
): Promise<(NotificationsTable | null)[]> {
  const notifications: (NotificationsTable | null)[] = [];
  for (const account of accounts.filter((mentioned) => !mentioned.domain))
    notifications.push(
      await recordNotification(tx, {
        accountId: account.id,
        fromAccountId: status.account_id,
        type: 'mention',
        statusId: status.id,
        privateMention: status.visibility === 'direct',
      }),
    );
  return notifications;
}

/** Of the accounts an edited status names, those without a mention notification for it yet: the ones the edit adds. */
async function notYetNotified(tx: Tx, statusId: string, accounts: AccountRow[]): Promise<AccountRow[]> {
  const notified = await tx
    .selectFrom('notifications')
    .select('account_id')
    .where('status_id', '=', statusId)
    .where('type', '=', 'mention')
    .execute();
  const ids = new Set(notified.map((row) => row.account_id));
  return accounts.filter((account) => !ids.has(account.id));
}

/** An `update` notification for everyone who boosted an edited status, as Mastodon sends. */
async function notifyBoostersOfEdit(tx: Tx, status: StatusesTable): Promise<(NotificationsTable | null)[]> {
  const boosters = await tx
    .selectFrom('statuses')
    .select('account_id')
    .distinct()
    .where('reblog_of_id', '=', status.id)
    .where('deleted_at', 'is', null)
    .execute();
  const notifications: (NotificationsTable | null)[] = [];
  for (const booster of boosters) {
    notifications.push(
      await recordNotification(tx, {
        accountId: booster.account_id,
        fromAccountId: status.account_id,
        type: 'update',
        statusId: status.id,
      }),
    );
  }
  return notifications;
}
