import type { Context } from '@fedify/fedify';
import {
  Note,
  PUBLIC_COLLECTION,
  type Activity,
  type EmojiReact,
  type Object as APObject,
  type Read,
} from '@fedify/vocab';
import { ALL_REACTION_EMOJIS, ALLOWED_MEDIA_TYPES, MAX_ATTACHMENTS, MESSAGE_MAX_LENGTH } from '@palchat/api';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/index.js';
import type { MessagesTable, StatusesTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { directConversationId, openDirectConversation } from '../../messaging/conversations.js';
import { applyReaction } from '../../messaging/messages.js';
import { blockStatus } from '../../messaging/relations.js';
import {
  deleteMessageForEveryone,
  receiveMessage,
  recordReadReceipt,
} from '../../messaging/remote-actions.js';
import { loadAccounts } from '../../messaging/serializers.js';
import { participantIds } from '../../messaging/access.js';
import { localAccountOfActorUri } from '../actors.js';
import { remoteMediaOf, remoteMediaRow } from '../ingest/attachments.js';
import { requestMediaCopies } from '../media-cache-requests.js';
import type { IngestOptions } from '../ingest/options.js';
import { htmlToPlainText, sanitizeRemoteHtml } from '../sanitize.js';
import { localMessageIdOf } from './uris.js';
import { CHAT_MESSAGE_TERM, palchatTerm } from './vocabulary.js';
import { runtimeOf } from '../runtime.js';
import { findAccountById } from '../../accounts/store.js';

/** A message named by its ActivityPub id: one of ours by its id, one from elsewhere by its stored uri. */
export async function findMessageByUri(
  ctx: AppContext,
  db: DbOrTx,
  uri: string,
): Promise<MessagesTable | undefined> {
  const localId = localMessageIdOf(ctx, uri);
  const query = db.selectFrom('messages').selectAll();
  return localId
    ? query.where('id', '=', localId).where('uri', 'is', null).executeTakeFirst()
    : query.where('uri', '=', uri).executeTakeFirst();
}

async function isParticipant(db: DbOrTx, conversationId: string, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('conversation_participants')
    .select('account_id')
    .where('conversation_id', '=', conversationId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Who a direct Note is addressed to besides its author (null when it is public), and which of them are local.
 */
async function addresseesOf(context: Context<AppContext>, note: Note, author: AccountRow) {
  const addressed = [
    ...new Set([...note.toIds, ...note.ccIds].map((uri) => uri.href).filter((uri) => uri !== author.uri)),
  ];
  if (addressed.includes(PUBLIC_COLLECTION.href)) return null;
  const locals: AccountRow[] = [];
  for (const uri of addressed) {
    const local = await localAccountOfActorUri(context, new URL(uri));
    if (local) locals.push(local);
  }
  return { count: addressed.length, locals };
}

/** The chat text of a Note: its plain text without the mentions it starts with (as Mastodon writes them). */
function chatTextOf(note: Note): string {
  const text = htmlToPlainText(sanitizeRemoteHtml(note.content?.toString() ?? '')).trim();
  return text.replace(/^(@[\p{L}\p{N}_.-]+(@[^\s]+)?\s*)+/u, '').slice(0, MESSAGE_MAX_LENGTH);
}

/**
 * Whether a Note carries `palchat:chatMessage`. Fedify's parsed Note drops terms its vocabulary does not model,
 * so the flag is read from the document as it arrived: the activity that brought the Note keeps it.
 */
async function isPalchatChatMessage(note: Note, carrier: Activity | undefined, options: IngestOptions) {
  const loader = options.contextLoader ? { contextLoader: options.contextLoader } : {};
  if (carrier) {
    const activity = (await carrier.toJsonLd(loader)) as Record<string, unknown>;
    const object = activity.object;
    if (object && typeof object === 'object' && !Array.isArray(object))
      return palchatTerm(object as Record<string, unknown>, CHAT_MESSAGE_TERM) === true;
  }
  const json = (await note.toJsonLd(loader)) as Record<string, unknown>;
  return palchatTerm(json, CHAT_MESSAGE_TERM) === true;
}

/**
 * The chat a remote person's direct Note belongs in: the chat of the chat message it replies to (when its author
 * and every local person it is addressed to take part in it: a group's message reaches each remote member as a
 * Note addressed to the members), or the existing direct chat with the one local person it is addressed to, or
 * (a Palchat peer's `palchat:chatMessage`) a new one. Null: it is only a private mention.
 */
async function chatOfNote(
  context: Context<AppContext>,
  note: Note,
  author: AccountRow,
  options: IngestOptions,
  carrier: Activity | undefined,
): Promise<{ conversationId: string; replied: MessagesTable | undefined } | null> {
  const ctx = context.data;
  const addressees = await addresseesOf(context, note, author);
  if (!addressees || addressees.locals.length === 0) return null;
  for (const local of addressees.locals) {
    const blocks = await blockStatus(ctx.db, local.id, author.id);
    if (blocks.is_blocked_by_me || blocks.is_blocked_by_them) return null;
  }
  const replied = note.replyTargetId
    ? await findMessageByUri(ctx, ctx.db, note.replyTargetId.href)
    : undefined;
  if (replied) {
    const members = await participantIds(ctx.db, replied.conversation_id);
    const inChat = [author, ...addressees.locals].every((account) => members.includes(account.id));
    if (inChat) return { conversationId: replied.conversation_id, replied };
  }
  const [recipient] = addressees.locals;
  if (addressees.count !== 1 || !recipient) return null;
  const existing = await directConversationId(ctx.db, author.id, recipient.id);
  if (existing) return { conversationId: existing, replied: undefined };
  if (!(await isPalchatChatMessage(note, carrier, options))) return null;
  const created = await openDirectConversation(ctx.db, author.id, recipient.id);
  return { conversationId: created.id, replied: undefined };
}

/**
 * Called by the Create(Note) handling for a direct Note from a remote person: when it belongs in a chat
 * (chatOfNote), it is stored there as a message (once per Note id) with its images and videos and streamed to
 * the participants like a local message. Answers the message, or null when the Note is no chat message.
 */
export async function onIncomingDirectNote(
  ctx: AppContext,
  note: Note,
  author: AccountRow,
  options: IngestOptions = {},
  carrier?: Activity,
): Promise<MessagesTable | null> {
  const runtime = runtimeOf(ctx);
  if (!runtime) return null;
  const context = runtime.federation.createContext(new URL(ctx.config.publicUrl), ctx);
  const uri = note.id?.href;
  if (!uri || !author.uri || new URL(uri).origin !== new URL(author.uri).origin) return null;
  const known = await ctx.db.selectFrom('messages').selectAll().where('uri', '=', uri).executeTakeFirst();
  if (known) return known;
  const chat = await chatOfNote(context, note, author, options, carrier);
  if (!chat) return null;
  return storeRemoteMessage(ctx, note, author, chat, options);
}

/**
 * A remote person's Note stored as a message of a chat they take part in (once per Note id: the same Note twice
 * answers the stored message), with its images and videos, and streamed to the participants like a local
 * message. Null when it carries neither text nor usable media, or its id is not on its author's server.
 */
export async function storeRemoteMessage(
  ctx: AppContext,
  note: Note,
  author: AccountRow,
  chat: { conversationId: string; replied: MessagesTable | undefined },
  options: IngestOptions,
): Promise<MessagesTable | null> {
  const uri = note.id?.href;
  if (!uri || !author.uri || new URL(uri).origin !== new URL(author.uri).origin) return null;
  const allowed: readonly string[] = ALLOWED_MEDIA_TYPES;
  const media = (await remoteMediaOf(note, options))
    .filter((item) => allowed.includes(item.contentType))
    .slice(0, MAX_ATTACHMENTS);
  const text = chatTextOf(note);
  if (!text && media.length === 0) return null;
  const message: MessagesTable = {
    id: newId(),
    conversation_id: chat.conversationId,
    sender_id: author.id,
    content: text || ' ',
    is_system_message: 0,
    reply_to_message_id: chat.replied?.id ?? null,
    created_at: nowIso(),
    uri,
  };
  const rows = media.map((item) =>
    remoteMediaRow(item, author.id, { status_id: null, message_id: message.id }),
  );
  if (!(await receiveMessage(ctx, author, message, rows, chat.replied)))
    return ctx.db.selectFrom('messages').selectAll().where('uri', '=', uri).executeTakeFirstOrThrow();
  requestMediaCopies(
    ctx,
    rows.map((row) => row.id),
  );
  return message;
}

/**
 * The Create handling's hook (fedin's `onDirectNote`): a remote direct status just stored, with the Create that
 * brought it and its object as the inbox read it (embedded, or fetched signed as an addressee: it is not fetched
 * again, unsigned); a Note goes on to onIncomingDirectNote.
 */
export async function onDirectStatus(
  ctx: AppContext,
  status: StatusesTable,
  activity: Activity,
  note: APObject,
  options: IngestOptions,
): Promise<void> {
  if (!(note instanceof Note)) return;
  const author = await findAccountById(ctx.db, status.account_id);
  if (author?.domain) await onIncomingDirectNote(ctx, note, author, options, activity);
}

/**
 * A chat message of a conversation the remote actor takes part in, named by an activity's object; with
 * `conversationId` (what a group relays), only a message of that conversation.
 */
async function messageForActor(
  ctx: AppContext,
  uri: URL | null,
  actor: AccountRow,
  conversationId?: string,
): Promise<MessagesTable | undefined> {
  if (!uri) return undefined;
  const message = await findMessageByUri(ctx, ctx.db, uri.href);
  if (!message || (conversationId && message.conversation_id !== conversationId)) return undefined;
  if (!(await isParticipant(ctx.db, message.conversation_id, actor.id))) return undefined;
  return message;
}

/**
 * EmojiReact (or its Undo) on a chat message from a participant: the reaction is added or removed and
 * streamed. Answers false when the object is no chat message here (the caller treats it as on a post).
 */
export async function onIncomingReaction(
  ctx: AppContext,
  react: EmojiReact,
  actor: AccountRow,
  undo: boolean,
  conversationId?: string,
): Promise<boolean> {
  const message = await messageForActor(ctx, react.objectId, actor, conversationId);
  if (!message) return false;
  const emoji = react.content?.toString().trim() ?? '';
  if (!ALL_REACTION_EMOJIS.includes(emoji)) return true;
  const others = (await loadAccounts(ctx.db, [message.sender_id])).get(message.sender_id);
  if (others && (await blockStatus(ctx.db, others.id, actor.id)).is_blocked_by_me) return true;
  await applyReaction(ctx, actor, message, emoji, undo ? 'remove' : 'add');
  return true;
}

/**
 * Delete of a chat message by its author ("delete for everyone"): gone from the chat, with its media and
 * reactions. Answers false when the id names no chat message here.
 */
export async function onIncomingMessageDelete(
  ctx: AppContext,
  uri: URL,
  actor: AccountRow,
  conversationId?: string,
): Promise<boolean> {
  const message = await ctx.db
    .selectFrom('messages')
    .selectAll()
    .where('uri', '=', uri.href)
    .executeTakeFirst();
  if (!message) return false;
  if (conversationId && message.conversation_id !== conversationId) return true;
  if (message.sender_id !== actor.id) return true;
  await deleteMessageForEveryone(ctx, message);
  return true;
}

/**
 * Read of chat messages by a remote participant: their read receipt moves up to the newest message read and
 * the authors who allow read receipts (globally or for this chat) are told, as for a local reader.
 */
export async function onIncomingRead(
  ctx: AppContext,
  read: Read,
  actor: AccountRow,
  conversationId?: string,
): Promise<void> {
  const messages: MessagesTable[] = [];
  for (const uri of read.objectIds.slice(0, 500)) {
    const message = await messageForActor(ctx, uri, actor, conversationId);
    if (message && message.sender_id !== actor.id) messages.push(message);
  }
  const byConversation = new Map<string, MessagesTable[]>();
  for (const message of messages) {
    byConversation.set(message.conversation_id, [
      ...(byConversation.get(message.conversation_id) ?? []),
      message,
    ]);
  }
  for (const [conversationId, readMessages] of byConversation)
    await recordReadReceipt(ctx, actor, conversationId, readMessages);
}
