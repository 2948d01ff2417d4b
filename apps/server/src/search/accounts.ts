import type { AccountRow } from '../auth/viewer.js';
import type { DbOrTx } from '../db/index.js';
import { accountsByNamePrefix } from '../accounts/store.js';

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
  const local = domain?.toLowerCase() === search.localDomain.toLowerCase();
  return accountsByNamePrefix(db, viewer?.id ?? null, {
    term,
    domain: local ? null : domain?.toLowerCase(),
    following: search.following,
    offset: search.offset,
    limit: search.limit,
  });
}
