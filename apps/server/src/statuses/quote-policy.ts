import type { QuoteApproval, QuotePolicy, Visibility } from '@palchat/api';
import type { StatusesTable } from '../db/schema.js';

/** What Mastodon's QuoteApproval calls `current_user`: how a status's policy applies to one viewer. */
export type QuoteDecision = QuoteApproval['current_user'];

/** The policy a new or edited post keeps: Mastodon forces `nobody` on private and direct posts. */
export function effectiveQuotePolicy(visibility: Visibility, requested: QuotePolicy): QuotePolicy {
  return visibility === 'private' || visibility === 'direct' ? 'nobody' : requested;
}

type PolicyFields = Pick<StatusesTable, 'account_id' | 'visibility' | 'local' | 'quote_policy'>;

/**
 * Whether `viewerId` may quote `status`, by Mastodon's rules: every post but a private mention is quotable by
 * its author; a private post by nobody else; otherwise the author's policy decides (`followers` needs the
 * viewer to follow the author). A remote post that states no policy is `unknown`: a quote asks its author.
 * The caller has checked that the viewer may see the status at all.
 */
export function quoteDecision(
  status: PolicyFields,
  viewerId: string | null,
  viewerFollowsAuthor: boolean,
): QuoteDecision {
  if (status.visibility === 'direct') return 'denied';
  if (viewerId === status.account_id) return 'automatic';
  if (status.visibility === 'private') return 'denied';
  const policy = status.quote_policy ?? null;
  if (policy === null) return status.local ? 'denied' : 'unknown';
  if (!viewerId) return policy === 'nobody' ? 'denied' : 'unknown';
  if (policy === 'public') return 'automatic';
  if (policy === 'followers') return viewerFollowsAuthor ? 'automatic' : 'denied';
  return 'denied';
}

/** The QuoteApproval entity of a status for a viewer. */
export function quoteApprovalOf(
  status: PolicyFields,
  viewerId: string | null,
  viewerFollowsAuthor: boolean,
): QuoteApproval {
  const policy =
    status.visibility === 'private' || status.visibility === 'direct' ? 'nobody' : status.quote_policy;
  return {
    automatic: policy === 'public' ? ['public'] : policy === 'followers' ? ['followers'] : [],
    manual: [],
    current_user: quoteDecision(status, viewerId, viewerFollowsAuthor),
  };
}
