import { sql } from 'kysely';
import type { AccountRow } from '../auth/viewer.js';
import type { DbOrTx } from '../db/index.js';
import { limitedAccount } from '../moderation/limited.js';
import { blockerIdsOf, followedIdsOf, followOfColumn } from '../relationships/conditions.js';

export interface AccountSearch {
  /** a username or display name prefix, with a leading @ or not; `name@domain` looks on that domain only */
  q: string;
  /** this server's domain: `name@<localDomain>` looks among local accounts */
  localDomain: string;
  offset: number;
  limit: number;
  /** only accounts the viewer follows */
  following?: boolean | undefined;
}

/** `value` as a LIKE pattern matched literally ('!' is the escape character in both dialects). */
export const likeLiteral = (value: string): string => value.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`);

/**
 * Known accounts, local and remote, whose username or display name starts with the query (on the domain it
 * names, if any): exact username first, then the most followed. Accounts that block the viewer are left out.
 */
export async function searchAccounts(
  db: DbOrTx,
  viewer: AccountRow | null,
  search: AccountSearch,
): Promise<AccountRow[]> {
  const [term = '', domain] = search.q.trim().replace(/^@/, '').split('@');
  if (!term) return [];
  const prefix = `${likeLiteral(term)}%`;
  let accounts = db.selectFrom('accounts').selectAll('accounts');
  if (domain) {
    accounts =
      domain.toLowerCase() === search.localDomain.toLowerCase()
        ? accounts.where('accounts.domain', 'is', null)
        : accounts.where('accounts.domain', '=', domain.toLowerCase());
  }
  accounts = accounts
    .where('accounts.approved', '=', 1)
    .where('accounts.disabled', '=', 0)
    .where((eb) =>
      eb.or([
        eb('accounts.username_lower', 'like', sql<string>`${prefix} escape '!'`),
        eb(eb.fn('lower', ['accounts.display_name']), 'like', sql<string>`${prefix} escape '!'`),
      ]),
    );
  // limited accounts are found by their exact username, or by the people who follow them (Mastodon: they "can
  // still be found via search"), not offered as completions to everyone else
  accounts = accounts.where((eb) =>
    eb.or([
      eb.not(limitedAccount('accounts')),
      eb('accounts.username_lower', '=', term.toLowerCase()),
      ...(viewer ? [eb.exists(followOfColumn(viewer.id, 'accounts.id'))] : []),
    ]),
  );
  if (viewer) {
    if (search.following) {
      accounts = accounts.where('accounts.id', 'in', followedIdsOf(viewer.id));
    }
    accounts = accounts.where('accounts.id', 'not in', blockerIdsOf(viewer.id));
  }
  return accounts
    .orderBy((eb) => eb.case().when('accounts.username_lower', '=', term.toLowerCase()).then(0).else(1).end())
    .orderBy('accounts.followers_count', 'desc')
    .orderBy('accounts.username_lower')
    .offset(search.offset)
    .limit(search.limit)
    .execute();
}
