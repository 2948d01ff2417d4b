// Bulk seeding straight into the database, in the shapes the server writes (see test/helpers/factories.ts).
import { newAccountState } from '../../apps/server/src/accounts/new-account.ts';
import { webAccessToken, WEB_SCOPES } from '../../apps/server/src/auth/sessions.ts';
import { randomToken, sha256 } from '../../apps/server/src/lib/crypto.ts';
import { newId } from '../../apps/server/src/lib/ids.ts';
import { newParticipation } from '../../apps/server/src/messaging/queries.ts';

const CHUNK = 200;

async function insertChunked(db, table, rows) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + CHUNK))
      .execute();
  }
}

/** A new account row as the server makes one (newAccountState), with `extra` columns. */
export function accountRow(id, username, displayName, now, extra = {}) {
  return {
    ...newAccountState(now),
    id,
    username,
    username_lower: username.toLowerCase(),
    display_name: displayName,
    ...extra,
  };
}

/** `count` approved accounts with a user row and a web session each: [{ id, username, token, sessionSecret }]. */
export async function seedUsers(db, count, prefix = 'user') {
  const now = new Date().toISOString();
  const users = [];
  const accounts = [];
  const userRows = [];
  const sessions = [];
  const tokens = [];
  for (let index = 0; index < count; index += 1) {
    const id = newId();
    const username = `${prefix}${index}`;
    const secret = randomToken();
    const token = webAccessToken(secret);
    users.push({ id, username, token, sessionSecret: secret });
    accounts.push(accountRow(id, username, `User ${index}`, now));
    userRows.push({
      account_id: id,
      email: `${username}@bench.test`,
      email_lower: `${username}@bench.test`,
      password_hash: 'not-a-real-hash',
      locale: 'en',
      settings_json: '{}',
      sign_up_reason: '',
      created_at: now,
      current_sign_in_at: null,
    });
    const sessionId = sha256(secret);
    sessions.push({
      id: sessionId,
      account_id: id,
      user_agent: 'bench',
      ip: '127.0.0.1',
      created_at: now,
      last_used_at: now,
    });
    tokens.push({
      id: newId(),
      token_hash: sha256(token),
      app_id: null,
      account_id: id,
      session_id: sessionId,
      scopes: WEB_SCOPES,
      created_at: now,
      revoked_at: null,
      last_used_at: null,
    });
  }
  await insertChunked(db, 'accounts', accounts);
  await insertChunked(db, 'users', userRows);
  await insertChunked(db, 'sessions', sessions);
  await insertChunked(db, 'oauth_tokens', tokens);
  return users;
}

/** Each listed pair follows each other (pals may message each other); counters are left as they are. */
export async function seedMutualFollows(db, pairs) {
  const now = new Date().toISOString();
  const rows = [];
  for (const [a, b] of pairs) {
    rows.push({
      id: newId(),
      account_id: a.id,
      target_account_id: b.id,
      show_reblogs: 1,
      notify: 0,
      created_at: now,
    });
    rows.push({
      id: newId(),
      account_id: b.id,
      target_account_id: a.id,
      show_reblogs: 1,
      notify: 0,
      created_at: now,
    });
  }
  await insertChunked(db, 'follows', rows);
}

/** `reader` follows every author (one way). */
export async function seedFollowing(db, reader, authors) {
  const now = new Date().toISOString();
  await insertChunked(
    db,
    'follows',
    authors.map((author) => ({
      id: newId(),
      account_id: reader.id,
      target_account_id: author.id,
      show_reblogs: 1,
      notify: 0,
      created_at: now,
    })),
  );
}

/** `perAuthor` public statuses for every author, spread over the last day. */
export async function seedStatuses(db, authors, perAuthor) {
  const rows = [];
  const start = Date.now() - 24 * 3600 * 1000;
  let step = 0;
  for (const author of authors) {
    for (let index = 0; index < perAuthor; index += 1) {
      const at = start + (step += 997);
      const id = newId(at);
      rows.push({
        id,
        account_id: author.id,
        in_reply_to_id: null,
        in_reply_to_account_id: null,
        reblog_of_id: null,
        conversation_id: id,
        text: `Status ${index} from ${author.username}: a few words of text to render, with a #bench tag.`,
        spoiler_text: '',
        visibility: 'public',
        sensitive: 0,
        language: 'en',
        local: 1,
        link_url: null,
        replies_count: 0,
        reblogs_count: 0,
        favourites_count: 0,
        created_at: new Date(at).toISOString(),
        edited_at: null,
        deleted_at: null,
      });
    }
  }
  rows.sort((a, b) => (a.id < b.id ? -1 : 1));
  await insertChunked(db, 'statuses', rows);
  return rows;
}

/**
 * The direct conversation of `a` and `b` with `count` messages, alternately from each, one a minute up to now,
 * all read (it opens at its newest message). Message n (1-based) reads `textOf(n)`.
 */
export async function seedDirectChat(db, a, b, count, textOf) {
  const start = Date.now() - count * 60_000;
  const conversationId = newId(start - 60_000);
  const opened = new Date(start - 60_000).toISOString();
  const messages = Array.from({ length: count }, (_, index) => {
    const at = start + index * 60_000;
    return {
      id: newId(at),
      conversation_id: conversationId,
      sender_id: index % 2 === 0 ? a.id : b.id,
      content: textOf(index + 1),
      is_system_message: 0,
      reply_to_message_id: null,
      created_at: new Date(at).toISOString(),
    };
  });
  const newest = messages.at(-1)?.id ?? conversationId;
  await db
    .insertInto('conversations')
    .values({
      id: conversationId,
      name: null,
      is_group: 0,
      creator_id: a.id,
      admin_id: null,
      direct_key: a.id < b.id ? `${a.id}:${b.id}` : `${b.id}:${a.id}`,
      created_at: opened,
      updated_at: messages.at(-1)?.created_at ?? opened,
    })
    .execute();
  await db
    .insertInto('conversation_participants')
    .values(
      [a, b].map((user) => ({
        ...newParticipation(conversationId, user.id, opened, newest),
        last_read_message_id: newest,
      })),
    )
    .execute();
  await insertChunked(db, 'messages', messages);
  return conversationId;
}

/** The client benches' signed-in /home: a reader following 10 authors of 10 public statuses each. */
export async function seedHomeReader(db) {
  const [reader] = await seedUsers(db, 1, 'reader');
  const authors = await seedUsers(db, 10, 'author');
  await seedFollowing(db, reader, authors);
  await seedStatuses(db, authors, 10);
  return reader;
}
