import type { FeatureApproval } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { DbOrTx } from '../db/index.js';
import { isBlockedEitherWay, isFollowing } from '../relationships/store.js';

type Policy = 'public' | 'followers' | 'nobody' | 'missing';

/**
 * Who may feature an account in a Collection, as Mastodon 4.6 derives it (there is no setting of its own):
 * a discoverable account anyone, a locked one its followers, an account that is not discoverable nobody (the
 * opt-out). A remote account's policy is unknown here ("missing"), and such accounts cannot be added.
 */
function policyOf(account: Pick<AccountRow, 'domain' | 'discoverable' | 'locked'>): Policy {
  if (account.domain) return 'missing';
  if (!account.discoverable) return 'nobody';
  return account.locked ? 'followers' : 'public';
}

/**
 * The Account entity's `feature_approval`. The account serializer knows no viewer, so `current_user` answers
 * for someone who does not follow the account: a followers-only policy reads `denied` there.
 */
export function featureApprovalOf(
  account: Pick<AccountRow, 'domain' | 'discoverable' | 'locked'>,
): FeatureApproval {
  const policy = policyOf(account);
  switch (policy) {
    case 'public':
      return { automatic: ['public'], manual: [], current_user: 'automatic' };
    case 'followers':
      return { automatic: ['followers'], manual: [], current_user: 'denied' };
    case 'nobody':
      return { automatic: [], manual: [], current_user: 'denied' };
    case 'missing':
      return { automatic: [], manual: [], current_user: 'missing' };
  }
}

/** Whether `curator` may feature `target` now: the target's policy allows it and neither blocks the other. */
export async function mayFeature(db: DbOrTx, curator: AccountRow, target: AccountRow): Promise<boolean> {
  const policy = curator.id === target.id ? 'public' : policyOf(target);
  if (policy === 'nobody' || policy === 'missing') return false;
  if (await isBlockedEitherWay(db, curator.id, target.id)) return false;
  if (policy === 'public') return true;
  return isFollowing(db, curator.id, target.id);
}
