import { createSession } from '../../src/auth/sessions.js';
import { newAccountState } from '../../src/accounts/new-account.js';
import type { AccountRow } from '../../src/auth/viewer.js';
import type {
  AccountsTable,
  MediaAttachmentsTable,
  StatusesTable,
  VisibilityValue,
} from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { nowIso } from '../../src/lib/time.js';
import { fanOutToFeeds, homeFeed, mergeAuthorIntoFeed } from '../../src/timelines/feeds.js';
import type { TestServer } from './harness.js';

type ServerLike = Pick<TestServer, 'db'>;

export interface TestAccount {
  account: AccountRow;
  /** a web-session bearer token: send it as `Authorization: Bearer <token>` */
  token: string;
}

export type AccountOverrides = Partial<Omit<AccountsTable, 'id' | 'username' | 'username_lower'>> & {
  username: string;
  email?: string;
};

/** An account with its user row and a signed-in session, written straight into the database. */
export async function createAccount(server: ServerLike, overrides: AccountOverrides): Promise<TestAccount> {
  const { username, email, ...columns } = overrides;
  const now = nowIso();
  const account = accountRow(username, columns);
  await server.db.insertInto('accounts').values(account).execute();
  await server.db
    .insertInto('users')
    .values({
      account_id: account.id,
      email: email ?? `${username}@example.test`,
      email_lower: (email ?? `${username}@example.test`).toLowerCase(),
      password_hash: 'not-a-real-hash',
      locale: 'en',
      settings_json: '{}',
      sign_up_reason: '',
      created_at: now,
      current_sign_in_at: null,
    })
    .execute();
  const session = await createSession(server.db, account.id, { userAgent: 'test', ip: '127.0.0.1' });
  return { account, token: session.accessToken };
}

/** An account row (not written): a plain local account unless `columns` say otherwise. */
export function accountRow(username: string, columns: Partial<AccountRow> = {}): AccountRow {
  return {
    ...newAccountState(nowIso()),
    id: newId(),
    username,
    username_lower: username.toLowerCase(),
    ...columns,
  };
}

type AccountRef = TestAccount | AccountRow | { id: string };
const idOf = (ref: AccountRef): string => ('account' in ref ? ref.account.id : ref.id);

/** `a` follows `b`, with both counters kept in step (no follow request, even for a locked `b`). */
export async function follow(server: ServerLike, a: AccountRef, b: AccountRef): Promise<void> {
  const follower = idOf(a);
  const target = idOf(b);
  await server.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('follows')
      .values({
        id: newId(),
        account_id: follower,
        target_account_id: target,
        show_reblogs: 1,
        notify: 0,
        created_at: nowIso(),
      })
      .execute();
    await tx
      .updateTable('accounts')
      .set((eb) => ({ following_count: eb('following_count', '+', 1) }))
      .where('id', '=', follower)
      .execute();
    await tx
      .updateTable('accounts')
      .set((eb) => ({ followers_count: eb('followers_count', '+', 1) }))
      .where('id', '=', target)
      .execute();
    // as following does: the followee's recent posts join the follower's home feed
    await mergeAuthorIntoFeed(tx, homeFeed(follower), target);
  });
}

export async function mutualFollow(server: ServerLike, a: AccountRef, b: AccountRef): Promise<void> {
  await follow(server, a, b);
  await follow(server, b, a);
}

export type StatusOverrides = Partial<Omit<StatusesTable, 'account_id'>> & {
  visibility?: VisibilityValue;
  /** hashtag names (without #) to link to the status */
  tags?: string[];
  /** account ids mentioned by the status (needed to address private mentions) */
  mentions?: string[];
};

/** A public status row by `author` with every column at its default, `columns` aside (nothing is written). */
export function statusRow(author: AccountRef, columns: Partial<StatusesTable> = {}): StatusesTable {
  const id = columns.id ?? newId();
  return {
    id,
    account_id: idOf(author),
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    reblog_of_id: null,
    conversation_id: id,
    text: 'Hello world',
    spoiler_text: '',
    visibility: 'public',
    sensitive: 0,
    language: 'en',
    local: 1,
    link_url: null,
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 0,
    created_at: nowIso(),
    edited_at: null,
    deleted_at: null,
    ...columns,
  };
}

/** A status row (plus its tags and mentions), bumping the author's statuses_count and last_status_at. */
export async function insertStatus(
  server: ServerLike,
  author: AccountRef,
  overrides: StatusOverrides = {},
): Promise<StatusesTable> {
  const { tags = [], mentions = [], ...columns } = overrides;
  const status = statusRow(author, columns);
  const id = status.id;
  await server.db.transaction().execute(async (tx) => {
    await tx.insertInto('statuses').values(status).execute();
    for (const name of tags) {
      const lower = name.toLowerCase();
      let tag = await tx.selectFrom('tags').select('id').where('name_lower', '=', lower).executeTakeFirst();
      if (!tag) {
        tag = { id: newId() };
        await tx
          .insertInto('tags')
          .values({ id: tag.id, name, name_lower: lower, created_at: status.created_at })
          .execute();
      }
      await tx.insertInto('status_tags').values({ status_id: id, tag_id: tag.id }).execute();
    }
    for (const accountId of mentions) {
      await tx.insertInto('status_mentions').values({ status_id: id, account_id: accountId }).execute();
    }
    await tx
      .updateTable('accounts')
      .set((eb) => ({ statuses_count: eb('statuses_count', '+', 1), last_status_at: status.created_at }))
      .where('id', '=', status.account_id)
      .execute();
  });
  // as posting does: into the home and list feeds that show it
  await fanOutToFeeds(server.db, status);
  return status;
}

/** An image attached to `status` as its first attachment (a 10×10 PNG row unless `columns` say otherwise): its id. */
export async function insertStatusImage(
  server: ServerLike,
  status: StatusesTable,
  columns: Partial<MediaAttachmentsTable> = {},
): Promise<string> {
  const id = newId();
  await server.db
    .insertInto('media_attachments')
    .values({
      id,
      account_id: status.account_id,
      type: 'image',
      file_path: null,
      thumbnail_path: null,
      content_type: 'image/png',
      file_size: 0,
      width: 10,
      height: 10,
      blurhash: null,
      description: null,
      focus_x: null,
      focus_y: null,
      status_id: status.id,
      message_id: null,
      created_at: status.created_at,
      duration: null,
      preview_width: null,
      preview_height: null,
      ...columns,
    })
    .execute();
  await server.db
    .insertInto('status_media')
    .values({ status_id: status.id, media_id: id, position: 0 })
    .execute();
  return id;
}

/** Headers for an authenticated inject() call. */
export const bearer = (who: TestAccount): { authorization: string } => ({
  authorization: `Bearer ${who.token}`,
});
