import type { NotificationType } from '@palchat/api';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/index.js';
import type { NotificationsTable } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { enqueuePush } from '../push/delivery.js';
import { nowIso } from '../lib/time.js';
import { userChannel } from '../streaming/bus.js';
import { policyVerdict } from './policy.js';
import { serializeNotifications } from './serializer.js';
import { silencesNotificationsFrom } from '../relationships/store.js';
import { findAccountById } from '../accounts/store.js';
import { findStatusById } from '../statuses/store.js';

export interface NewNotification {
  accountId: string;
  fromAccountId: string;
  type: NotificationType;
  statusId?: string | null;
  /** a mention in a direct status: the policy's for_private_mentions applies */
  privateMention?: boolean;
  /** added_to_collection: the collection */
  collectionId?: string;
}

/** Notifications about a status of a thread: muting the conversation silences them all. */
const THREAD_TYPES: ReadonlySet<NotificationType> = new Set([
  'mention',
  'status',
  'reblog',
  'favourite',
  'poll',
  'update',
]);

async function inMutedThread(db: DbOrTx, accountId: string, statusId: string): Promise<boolean> {
  const status = await findStatusById(db, statusId);
  if (!status) return false;
  const muted = await db
    .selectFrom('conversation_mutes')
    .select('account_id')
    .where('account_id', '=', accountId)
    .where('conversation_id', '=', status.conversation_id ?? status.id)
    .executeTakeFirst();
  return Boolean(muted);
}

/**
 * Whether the recipient's blocks (of the sender or its server), mutes (with notifications hidden) or policy keep
 * the notification out.
 */
async function senderVerdict(db: DbOrTx, input: NewNotification): Promise<'accept' | 'filter' | 'drop'> {
  // the one notification about oneself: one's own poll has ended
  if (input.accountId === input.fromAccountId) return input.type === 'poll' ? 'accept' : 'drop';
  if (await silencesNotificationsFrom(db, input.accountId, input.fromAccountId)) return 'drop';
  return policyVerdict(db, input.accountId, input.fromAccountId, {
    type: input.type,
    privateMention: input.privateMention ?? false,
  });
}

/**
 * Writes a notification (inside the caller's transaction), unless the recipient blocks or mutes the sender
 * with notifications hidden, or muted the thread of its status. Returns the row so the caller can publish it
 * once the transaction commits.
 */
export async function recordNotification(
  db: DbOrTx,
  input: NewNotification,
): Promise<NotificationsTable | null> {
  const verdict = await senderVerdict(db, input);
  if (verdict === 'drop') return null;
  if (
    input.statusId &&
    THREAD_TYPES.has(input.type) &&
    (await inMutedThread(db, input.accountId, input.statusId))
  )
    return null;
  const row: NotificationsTable = {
    id: newId(),
    account_id: input.accountId,
    from_account_id: input.fromAccountId,
    type: input.type,
    status_id: input.statusId ?? null,
    ...(input.collectionId ? { collection_id: input.collectionId } : {}),
    filtered: verdict === 'filter' ? 1 : 0,
    read: 0,
    created_at: nowIso(),
  };
  await db.insertInto('notifications').values(row).execute();
  return row;
}

/** Every notification caused by an account, removed (the account is going away). */
export async function deleteNotificationsFrom(db: DbOrTx, fromAccountId: string): Promise<void> {
  await db.deleteFrom('notifications').where('from_account_id', '=', fromAccountId).execute();
}

/**
 * Sends a committed notification to the recipient's streams (`notification` event, Mastodon's payload) and
 * queues its Web Push deliveries.
 */
export async function publishNotification(ctx: AppContext, row: NotificationsTable | null): Promise<void> {
  // filtered notifications wait under notification requests; they are not pushed
  if (!row || row.filtered) return;
  const recipient = await findAccountById(ctx.db, row.account_id);
  if (!recipient) return;
  const [notification] = await serializeNotifications(ctx, [row], recipient);
  if (!notification) return;
  await ctx.bus.publish(userChannel(row.account_id), 'notification', notification);
  enqueuePush(ctx, row.account_id, notification);
}
