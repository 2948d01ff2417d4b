import type { DbOrTx } from '../db/index.js';
import type { NotificationPoliciesTable, PolicyValue } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { isLimited } from '../moderation/limited.js';
import { isoDaysAgo, nowIso } from '../lib/time.js';
import { isFollowing } from '../relationships/store.js';
import { findAccountById } from '../accounts/store.js';

const NEW_ACCOUNT_DAYS = 30;

export type StoredPolicy = Omit<NotificationPoliciesTable, 'account_id' | 'updated_at'>;

/**
 * Mastodon's defaults: everything accepted except private mentions from strangers and notifications from limited
 * accounts one does not follow, which are filtered.
 */
export const DEFAULT_POLICY: StoredPolicy = {
  for_not_following: 'accept',
  for_not_followers: 'accept',
  for_new_accounts: 'accept',
  for_private_mentions: 'filter',
  for_limited_accounts: 'filter',
};

const POLICY_COLUMNS = [
  'for_not_following',
  'for_not_followers',
  'for_new_accounts',
  'for_private_mentions',
  'for_limited_accounts',
] as const;

export async function loadPolicy(db: DbOrTx, accountId: string): Promise<StoredPolicy> {
  const row = await db
    .selectFrom('notification_policies')
    .select(POLICY_COLUMNS)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row ?? DEFAULT_POLICY;
}

export async function savePolicy(
  db: DbOrTx,
  accountId: string,
  patch: Partial<StoredPolicy>,
): Promise<StoredPolicy> {
  const next = { ...(await loadPolicy(db, accountId)), ...patch };
  const row = { account_id: accountId, ...next, updated_at: nowIso() };
  await db
    .insertInto('notification_policies')
    .values(row)
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...next, updated_at: row.updated_at }))
    .execute();
  return next;
}

const strictest = (values: PolicyValue[]): PolicyValue =>
  values.includes('drop') ? 'drop' : values.includes('filter') ? 'filter' : 'accept';

/**
 * What the recipient's policy does with a notification from `senderId`: accept it, hold it back as a
 * notification request (filter) or drop it. Moderation notifications are never filtered.
 */
export async function policyVerdict(
  db: DbOrTx,
  recipientId: string,
  senderId: string,
  options: { type: string; privateMention: boolean },
): Promise<PolicyValue> {
  if (options.type.startsWith('admin.')) return 'accept';
  const policy = await loadPolicy(db, recipientId);
  const applies = Object.values(policy).some((value) => value !== 'accept');
  if (!applies || (await permitted(db, recipientId, senderId))) return 'accept';
  const [follows, followedBy, sender] = await Promise.all([
    isFollowing(db, recipientId, senderId),
    isFollowing(db, senderId, recipientId),
    findAccountById(db, senderId),
  ]);
  const verdicts: PolicyValue[] = [];
  if (!follows) verdicts.push(policy.for_not_following);
  if (!followedBy) verdicts.push(policy.for_not_followers);
  if (sender && sender.created_at > isoDaysAgo(NEW_ACCOUNT_DAYS)) verdicts.push(policy.for_new_accounts);
  // a private mention from someone the recipient follows is welcome whatever the other rules say
  if (options.privateMention && !follows) verdicts.push(policy.for_private_mentions);
  if (sender && !follows && (await isLimited(db, sender))) verdicts.push(policy.for_limited_accounts);
  return strictest(verdicts);
}

async function permitted(db: DbOrTx, recipientId: string, senderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('notification_permissions')
    .select('id')
    .where('account_id', '=', recipientId)
    .where('from_account_id', '=', senderId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Accepting a notification request: the senders' notifications come through from now on, whatever the policy. */
export async function permitSenders(
  db: DbOrTx,
  recipientId: string,
  senderIds: readonly string[],
): Promise<void> {
  if (senderIds.length === 0) return;
  const createdAt = nowIso();
  await db
    .insertInto('notification_permissions')
    .values(
      senderIds.map((senderId) => ({
        id: newId(),
        account_id: recipientId,
        from_account_id: senderId,
        created_at: createdAt,
      })),
    )
    .onConflict((oc) => oc.columns(['account_id', 'from_account_id']).doNothing())
    .execute();
}
