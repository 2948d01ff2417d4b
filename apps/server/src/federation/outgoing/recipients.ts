import type { Recipient } from '@fedify/vocab';
import type { AppContext } from '../../context.js';
import type { AccountsTable } from '../../db/schema.js';
import { domainAndParents } from '../../moderation/server-blocks.js';
import { recipientOf } from '../recipients.js';
import { hostOf, unavailableDomains } from './availability.js';
import { followsWithAccounts } from '../../relationships/conditions.js';

/** Remote accounts following `accountId` (each one a delivery target; Fedify merges shared inboxes). */
export async function remoteFollowersOf(ctx: AppContext, accountId: string): Promise<AccountsTable[]> {
  return followsWithAccounts(ctx.db, accountId, 'followers')
    .selectAll('accounts')
    .where('accounts.domain', 'is not', null)
    .execute();
}

/** Remote accounts by id (mentioned, boosters, a parent's author). */
export async function remoteAccountsByIds(ctx: AppContext, ids: readonly string[]): Promise<AccountsTable[]> {
  if (ids.length === 0) return [];
  return ctx.db
    .selectFrom('accounts')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .where('domain', 'is not', null)
    .execute();
}

/** Domains (with their parents) an admin suspended: nothing is delivered there. */
async function suspendedDomains(ctx: AppContext, domains: readonly string[]): Promise<Set<string>> {
  const candidates = [...new Set(domains.flatMap((domain) => domainAndParents(domain)))];
  if (candidates.length === 0) return new Set();
  const rows = await ctx.db
    .selectFrom('instance_domain_blocks')
    .select('domain')
    .where('severity', '=', 'suspend')
    .where('domain', 'in', candidates)
    .execute();
  return new Set(rows.map((row) => row.domain));
}

/**
 * The delivery targets among `accounts`: remote ones with an inbox, not gone, not suspended, on servers that
 * are neither suspended by an admin nor unavailable; each actor once (Fedify merges shared inboxes).
 */
export async function deliverableRecipients(
  ctx: AppContext,
  accounts: readonly AccountsTable[],
): Promise<Recipient[]> {
  const remote = accounts.filter((account) => account.domain && !account.suspended_at && !account.gone_at);
  const inboxHost = (account: AccountsTable) => hostOf(account.shared_inbox_url ?? account.inbox_url);
  const [suspended, unavailable] = await Promise.all([
    suspendedDomains(ctx, [...new Set(remote.map((account) => account.domain!))]),
    unavailableDomains(
      ctx,
      remote.flatMap((account) => inboxHost(account) ?? []),
    ),
  ]);
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  for (const account of remote) {
    if (domainAndParents(account.domain!).some((parent) => suspended.has(parent))) continue;
    if (unavailable.has(inboxHost(account) ?? '')) continue;
    const recipient = recipientOf(account);
    if (!recipient?.id || seen.has(recipient.id.href)) continue;
    seen.add(recipient.id.href);
    recipients.push(recipient);
  }
  return recipients;
}
