import type { DbOrTx } from '../db/index.js';
import type { ListsTable } from '../db/schema.js';

/** Reads of a user's lists and their members for the list routes (lists are written in service.ts). */

/** The account's lists by title. */
export async function listsOf(db: DbOrTx, accountId: string): Promise<ListsTable[]> {
  return db
    .selectFrom('lists')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('title')
    .orderBy('id')
    .execute();
}

/** The owner's lists that contain `memberId`, by title. */
export async function listsContaining(db: DbOrTx, ownerId: string, memberId: string): Promise<ListsTable[]> {
  return db
    .selectFrom('lists')
    .innerJoin('list_accounts', 'list_accounts.list_id', 'lists.id')
    .selectAll('lists')
    .where('lists.account_id', '=', ownerId)
    .where('list_accounts.account_id', '=', memberId)
    .orderBy('lists.title')
    .execute();
}

/** The list's member accounts, each with its account id as the page cursor (to paginate). */
export function listMembersQuery(db: DbOrTx, listId: string) {
  return db
    .selectFrom('list_accounts')
    .innerJoin('accounts', 'accounts.id', 'list_accounts.account_id')
    .selectAll('accounts')
    .select('list_accounts.account_id as cursor')
    .where('list_accounts.list_id', '=', listId);
}
