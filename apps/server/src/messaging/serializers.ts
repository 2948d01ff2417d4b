import {
  PREVIEW_LENGTH,
  type Conversation,
  type LastMessage,
  type Message,
  type MessageSender,
  type Participant,
  type Reaction,
} from '@palchat/api';
import { avatarUrl } from '../accounts/media-urls.js';
import { acctOf } from '../accounts/serializer.js';
import { parseFields } from '../accounts/fields.js';
import { findAccountsByIds } from '../accounts/store.js';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/index.js';
import type { ConversationsTable, MediaAttachmentsTable, MessagesTable } from '../db/schema.js';
import { serializeMedia } from '../media/serializer.js';
import { presenceFor } from '../streaming/presence.js';
import { loadPreferences } from './preferences.js';
import { blockedEitherWayAmong } from '../relationships/store.js';

const CHUNK = 500;

/** Runs an IN query in chunks so that thousands of ids stay under every dialect's parameter limit. */
async function inChunks<T>(ids: readonly string[], query: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(ids)];
  const results: T[] = [];
  for (let start = 0; start < unique.length; start += CHUNK) {
    results.push(...(await query(unique.slice(start, start + CHUNK))));
  }
  return results;
}

export async function loadAccounts(db: DbOrTx, ids: readonly string[]): Promise<Map<string, AccountRow>> {
  const rows = await inChunks(ids, (chunk) => findAccountsByIds(db, chunk));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Who among `ids` the viewer sees online: a subscribed, active socket and active status left on in the
 * preferences. A block either way hides it, as it hides everything else between the two.
 */
export async function onlineAmong(
  ctx: AppContext,
  db: DbOrTx,
  viewerId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const connected = await presenceFor(ctx).connected([...new Set(ids)]);
  if (connected.size === 0) return connected;
  const [preferences, blocked] = await Promise.all([
    loadPreferences(db, [...connected]),
    blockedEitherWayAmong(db, viewerId, [...connected]),
  ]);
  return new Set(
    [...connected].filter((id) => preferences.get(id)?.active_status_enabled !== false && !blocked.has(id)),
  );
}

export function serializeParticipant(ctx: AppContext, row: AccountRow, online: boolean): Participant {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    avatar: avatarUrl(ctx.config, row),
    acct: acctOf(row),
    verified: parseFields(row.fields_json).some((field) => field.verified_at !== null),
    is_online: online,
  };
}

const deletedSender = (id: string): MessageSender => ({ id, username: '', display_name: '', avatar: '' });

function serializeSender(ctx: AppContext, row: AccountRow | undefined, id: string): MessageSender {
  if (!row) return deletedSender(id);
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    avatar: avatarUrl(ctx.config, row),
  };
}

async function loadMediaByMessage(
  db: DbOrTx,
  messageIds: readonly string[],
): Promise<Map<string, MediaAttachmentsTable[]>> {
  const rows = await inChunks(messageIds, (chunk) =>
    db.selectFrom('media_attachments').selectAll().where('message_id', 'in', chunk).orderBy('id').execute(),
  );
  const byMessage = new Map<string, MediaAttachmentsTable[]>();
  for (const row of rows) {
    if (!row.message_id) continue;
    const list = byMessage.get(row.message_id) ?? [];
    list.push(row);
    byMessage.set(row.message_id, list);
  }
  return byMessage;
}

export async function loadReactions(
  db: DbOrTx,
  messageIds: readonly string[],
): Promise<Map<string, Reaction[]>> {
  const rows = await inChunks(messageIds, (chunk) =>
    db
      .selectFrom('message_reactions')
      .innerJoin('accounts', 'accounts.id', 'message_reactions.account_id')
      .select([
        'message_reactions.message_id',
        'message_reactions.emoji',
        'accounts.id as account_id',
        'accounts.username',
        'accounts.display_name',
      ])
      .where('message_reactions.message_id', 'in', chunk)
      .orderBy('message_reactions.id')
      .execute(),
  );
  const result = new Map<string, Reaction[]>();
  for (const row of rows) {
    const reactions = result.get(row.message_id) ?? [];
    let reaction = reactions.find((entry) => entry.emoji === row.emoji);
    if (!reaction) {
      reaction = { emoji: row.emoji, count: 0, users: [], userIds: [] };
      reactions.push(reaction);
    }
    reaction.count += 1;
    reaction.users.push({ id: row.account_id, username: row.username, display_name: row.display_name });
    reaction.userIds.push(row.account_id);
    result.set(row.message_id, reactions);
  }
  return result;
}

/** Messages as one viewer sees them: senders, replies, media, reactions, receipts and their own hiding. */
export async function serializeMessages(
  ctx: AppContext,
  db: DbOrTx,
  viewerId: string,
  messages: readonly MessagesTable[],
): Promise<Message[]> {
  if (messages.length === 0) return [];
  const messageIds = messages.map((message) => message.id);
  const replyIds = messages.flatMap((message) =>
    message.reply_to_message_id ? [message.reply_to_message_id] : [],
  );
  const replies = new Map(
    (
      await inChunks(replyIds, (chunk) =>
        db.selectFrom('messages').selectAll().where('id', 'in', chunk).execute(),
      )
    ).map((row) => [row.id, row]),
  );
  const conversationIds = [...new Set(messages.map((message) => message.conversation_id))];
  const [accounts, media, reactions, hidden, receipts] = await Promise.all([
    loadAccounts(db, [...messages.map((m) => m.sender_id), ...[...replies.values()].map((m) => m.sender_id)]),
    loadMediaByMessage(db, [...messageIds, ...replies.keys()]),
    loadReactions(db, messageIds),
    inChunks(messageIds, (chunk) =>
      db
        .selectFrom('message_deletions')
        .select('message_id')
        .where('account_id', '=', viewerId)
        .where('message_id', 'in', chunk)
        .execute(),
    ),
    inChunks(conversationIds, (chunk) =>
      db
        .selectFrom('conversation_participants')
        .select(['conversation_id', 'account_id', 'receipt_message_id'])
        .where('conversation_id', 'in', chunk)
        .where('receipt_message_id', 'is not', null)
        .execute(),
    ),
  ]);
  const hiddenIds = new Set(hidden.map((row) => row.message_id));

  return messages.map((message) => {
    const reply = message.reply_to_message_id ? replies.get(message.reply_to_message_id) : undefined;
    const readBy = message.is_system_message
      ? []
      : receipts
          .filter(
            (row) =>
              row.conversation_id === message.conversation_id &&
              row.account_id !== message.sender_id &&
              row.receipt_message_id !== null &&
              row.receipt_message_id >= message.id,
          )
          .map((row) => row.account_id);
    return toMessage(ctx, message, {
      sender: accounts.get(message.sender_id),
      media: media.get(message.id) ?? [],
      reply: reply && {
        row: reply,
        sender: accounts.get(reply.sender_id),
        media: media.get(reply.id) ?? [],
      },
      reactions: reactions.get(message.id) ?? [],
      readBy,
      deletedBy: hiddenIds.has(message.id) ? [viewerId] : [],
    });
  });
}

interface MessageParts {
  sender: AccountRow | undefined;
  media: readonly MediaAttachmentsTable[];
  reply:
    | { row: MessagesTable; sender: AccountRow | undefined; media: readonly MediaAttachmentsTable[] }
    | undefined;
  reactions: Reaction[];
  readBy: string[];
  deletedBy: string[];
}

function toMessage(ctx: AppContext, message: MessagesTable, parts: MessageParts): Message {
  const sender = serializeSender(ctx, parts.sender, message.sender_id);
  const { reply } = parts;
  return {
    id: message.id,
    conversation_id: message.conversation_id,
    content: message.content,
    created_at: message.created_at,
    sender,
    sender_id: message.sender_id,
    sender_username: sender.username,
    is_system_message: message.is_system_message === 1,
    reply_to_message_id: message.reply_to_message_id,
    reply_to: reply
      ? {
          id: reply.row.id,
          sender: serializeSender(ctx, reply.sender, reply.row.sender_id),
          content: reply.row.content,
          media_attachments: reply.media.map((row) => serializeMedia(ctx.config, row)),
        }
      : null,
    media_attachments: parts.media.map((row) => serializeMedia(ctx.config, row)),
    reactions: parts.reactions,
    read_by: parts.readBy,
    deleted_by_user_ids: parts.deletedBy,
    can_delete: message.is_system_message !== 1,
  };
}

/**
 * A message just sent, from what the send already holds: nobody has hidden, read or reacted to it yet, so only
 * the message it replies to (its sender and media) is read.
 */
export async function serializeNewMessage(
  ctx: AppContext,
  db: DbOrTx,
  sender: AccountRow,
  message: MessagesTable,
  media: readonly MediaAttachmentsTable[],
  replied: MessagesTable | undefined,
): Promise<Message> {
  const [replySenders, replyMedia] = replied
    ? await Promise.all([loadAccounts(db, [replied.sender_id]), loadMediaByMessage(db, [replied.id])])
    : [new Map<string, AccountRow>(), new Map<string, MediaAttachmentsTable[]>()];
  return toMessage(ctx, message, {
    sender,
    media,
    reply: replied && {
      row: replied,
      sender: replySenders.get(replied.sender_id),
      media: replyMedia.get(replied.id) ?? [],
    },
    reactions: [],
    readBy: [],
    deletedBy: [],
  });
}

export interface ConversationRow extends ConversationsTable {
  unread_count: number;
  activity_id: string;
  last_message_id: string | null;
}

const cut = (text: string, length: number): string => {
  const characters = Array.from(text);
  return characters.length > length ? characters.slice(0, length).join('') : text;
};

/** Conversations as one viewer sees them, with a fixed number of queries whatever their count. */
export async function serializeConversations(
  ctx: AppContext,
  db: DbOrTx,
  viewerId: string,
  rows: readonly ConversationRow[],
): Promise<Conversation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const memberships = await inChunks(ids, (chunk) =>
    db
      .selectFrom('conversation_participants')
      .select(['conversation_id', 'account_id'])
      .where('conversation_id', 'in', chunk)
      .orderBy('joined_at')
      .orderBy('account_id')
      .execute(),
  );
  const lastIds = rows.flatMap((row) => (row.last_message_id ? [row.last_message_id] : []));
  const lastMessages = new Map(
    (
      await inChunks(lastIds, (chunk) =>
        db.selectFrom('messages').selectAll().where('id', 'in', chunk).execute(),
      )
    ).map((row) => [row.id, row]),
  );
  const accountIds = [
    ...memberships.map((row) => row.account_id),
    ...rows.flatMap((row) => (row.mls_last_sender_id ? [row.mls_last_sender_id] : [])),
    ...[...lastMessages.values()].map((m) => m.sender_id),
  ];
  const [accounts, online, media] = await Promise.all([
    loadAccounts(db, accountIds),
    onlineAmong(
      ctx,
      db,
      viewerId,
      memberships.map((row) => row.account_id),
    ),
    loadMediaByMessage(db, lastIds),
  ]);
  const participantsOf = new Map<string, Participant[]>();
  for (const membership of memberships) {
    const account = accounts.get(membership.account_id);
    if (!account) continue;
    const list = participantsOf.get(membership.conversation_id) ?? [];
    list.push(serializeParticipant(ctx, account, online.has(account.id)));
    participantsOf.set(membership.conversation_id, list);
  }

  return rows.map((row) => {
    const participants = participantsOf.get(row.id) ?? [];
    const isGroup = row.is_group === 1;
    const last = row.last_message_id ? lastMessages.get(row.last_message_id) : undefined;
    const lastMessage: LastMessage | null =
      encryptedLastMessage(row, last, accounts) ??
      (last
        ? {
            id: last.id,
            content: cut(last.content, PREVIEW_LENGTH),
            sender_username: accounts.get(last.sender_id)?.username ?? '',
            sender_id: last.sender_id,
            is_system_message: last.is_system_message === 1,
            created_at: last.created_at,
            media_attachments: (media.get(last.id) ?? []).map((item) => serializeMedia(ctx.config, item)),
          }
        : null);
    const encrypted = row.encrypted === 1;
    return {
      id: row.id,
      name: row.name,
      is_group: isGroup,
      isGroup,
      partner: isGroup ? null : (participants.find((p) => p.id !== viewerId) ?? null),
      participants,
      last_message: lastMessage,
      unread_count: row.unread_count,
      updated_at: row.updated_at,
      created_at: row.created_at,
      current_user_is_admin: isGroup && row.admin_id === viewerId,
      creator_id: row.creator_id,
      admin_id: row.admin_id,
      encrypted,
      mls_group_id: encrypted ? (row.mls_group_id ?? null) : null,
      mls_epoch: Number(row.mls_epoch ?? 0),
    };
  });
}

/**
 * An encrypted chat's newest message, when it is newer than its newest notice: who sent it and when, never what
 * (the server cannot know; the client shows what it decrypted, else "Encrypted message").
 */
function encryptedLastMessage(
  row: ConversationRow,
  notice: MessagesTable | undefined,
  accounts: Map<string, AccountRow>,
): LastMessage | null {
  if (row.encrypted !== 1 || !row.mls_last_message_id || !row.mls_last_sender_id || !row.mls_last_message_at)
    return null;
  if (notice && notice.id > row.mls_last_message_id) return null;
  return {
    id: row.mls_last_message_id,
    content: '',
    sender_username: accounts.get(row.mls_last_sender_id)?.username ?? '',
    sender_id: row.mls_last_sender_id,
    is_system_message: false,
    created_at: row.mls_last_message_at,
    media_attachments: [],
    encrypted: true,
  };
}
