import type { List, ListInput } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { Db, DbOrTx } from '../db/index.js';
import type { ListsTable } from '../db/schema.js';
import { notFound, unprocessable } from '../http/errors.js';
import { isId, newId, storedId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { dropFeed, listFeed, mergeAuthorIntoFeed, removeAuthorFromFeed } from '../timelines/feeds.js';
import { followsTo } from '../relationships/store.js';
import { message } from '../i18n/format.js';

export const MAX_LISTS_PER_ACCOUNT = 50;

export function serializeList(row: ListsTable): List {
  return { id: row.id, title: row.title, replies_policy: row.replies_policy, exclusive: row.exclusive === 1 };
}

/** The viewer's own list; anybody else's list does not exist for them (404). */
export async function findOwnList(db: DbOrTx, viewer: AccountRow, id: string): Promise<ListsTable> {
  const row = isId(id)
    ? await db
        .selectFrom('lists')
        .selectAll()
        .where('id', '=', storedId(id))
        .where('account_id', '=', viewer.id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound();
  return row;
}

export async function createList(db: Db, viewer: AccountRow, input: ListInput): Promise<ListsTable> {
  return db.transaction().execute(async (tx) => {
    const { count } = await tx
      .selectFrom('lists')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('account_id', '=', viewer.id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_LISTS_PER_ACCOUNT) {
      throw unprocessable(message('lists.limit', { max: MAX_LISTS_PER_ACCOUNT }), 'list_limit');
    }
    const row: ListsTable = {
      id: newId(),
      account_id: viewer.id,
      title: input.title,
      replies_policy: input.replies_policy ?? 'list',
      exclusive: input.exclusive ? 1 : 0,
      created_at: nowIso(),
    };
    await tx.insertInto('lists').values(row).execute();
    return row;
  });
}

export async function updateList(db: Db, list: ListsTable, input: Partial<ListInput>): Promise<ListsTable> {
  const changes = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.replies_policy !== undefined ? { replies_policy: input.replies_policy } : {}),
    ...(input.exclusive !== undefined ? { exclusive: input.exclusive ? (1 as const) : (0 as const) } : {}),
  };
  if (Object.keys(changes).length)
    await db.updateTable('lists').set(changes).where('id', '=', list.id).execute();
  return db.selectFrom('lists').selectAll().where('id', '=', list.id).executeTakeFirstOrThrow();
}

/** Adds accounts the viewer follows; any other id refuses the whole request and writes nothing. */
export async function addListAccounts(
  db: Db,
  viewer: AccountRow,
  list: ListsTable,
  accountIds: string[],
): Promise<void> {
  if (accountIds.length === 0) throw unprocessable(message('http.field_required', { field: 'account_ids' }));
  await db.transaction().execute(async (tx) => {
    const followed = new Set(
      (await followsTo(tx, viewer.id, accountIds)).map((row) => row.target_account_id),
    );
    const missing = accountIds.filter((id) => !followed.has(id));
    if (missing.length) throw notFound('lists.followed_only');
    const now = nowIso();
    await tx
      .insertInto('list_accounts')
      .values(accountIds.map((accountId) => ({ list_id: list.id, account_id: accountId, created_at: now })))
      .onConflict((oc) => oc.columns(['list_id', 'account_id']).doNothing())
      .execute();
    for (const accountId of accountIds) await mergeAuthorIntoFeed(tx, listFeed(list.id), accountId);
  });
}

export async function removeListAccounts(db: Db, list: ListsTable, accountIds: string[]): Promise<void> {
  if (accountIds.length === 0) throw unprocessable(message('http.field_required', { field: 'account_ids' }));
  await db
    .deleteFrom('list_accounts')
    .where('list_id', '=', list.id)
    .where('account_id', 'in', accountIds)
    .execute();
  for (const accountId of accountIds) await removeAuthorFromFeed(db, listFeed(list.id), accountId);
}

/** The list, its members and its materialized timeline go together (a feed has no foreign key to its list). */
export async function deleteList(db: Db, list: ListsTable): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await dropFeed(tx, listFeed(list.id));
    await tx.deleteFrom('lists').where('id', '=', list.id).execute();
  });
}
