import type { QueryClient } from '@tanstack/react-query';
import {
  appendMessage,
  applyMessageToList,
  markReadBy,
  removeMessage,
  replaceReactions,
  upsertConversation,
} from '../data/cache';
import type { ChatPages } from '../data/window';
import type { Conversation, ConversationPage, Message, MessageMedia, Participant } from '../model';
import { messageKeys } from '../query-keys';
import { CONVERSATION_PAGE_SIZE } from '../rules/constants';
import type { TypingStore } from '../state/typing-store';
import type { ClientEvent, MlsEnvelope, EphemeralEnvelope } from './device-client';
import { attachmentsFor, decryptAll, mediaUrlOf, uploadEncrypted } from './media';
import { setPreview } from './previews';
import { openSession, type E2eeSession, type SessionAccount } from './session';
import { newRecord, newestFromOthers, systemRecord, type TimelineRecord } from './timeline';
import type { TimelineChange } from './timeline-store';
import { toMessage, toReactions } from './to-message';

/**
 * The lazy chunk of encrypted chats: the device session and the MLS client, and what the box does with them —
 * pages of the local history in the Message shape, sending, reacting, deleting, receipts, typing, media, new
 * chats, and decrypted events applied to the box's query cache.
 */
export { currentSession, localDeviceId, openSession, wipeLocalDevice } from './session';
export type { E2eeSession } from './session';

/** What the box hands to the runtime to show what was decrypted. */
export interface BoxContext {
  client: QueryClient;
  typing: TypingStore;
  currentUserId: string;
  openConversationId: () => string | null;
  /** marks the open chat read (someone else's message arrived in it) */
  scheduleMarkRead: (conversationId: string) => void;
  /** the box shows the device's removal */
  onDeviceRemoved: () => void;
}

/** The participants the box knows of a conversation (its open chat's first page, else the list). */
function participantsOf(client: QueryClient, conversationId: string): Participant[] {
  const chat = client.getQueryData<ChatPages>(messageKeys.conversation(conversationId));
  const fromChat = chat?.pages[0]?.conversation.participants;
  if (fromChat) return fromChat;
  const lists = client.getQueriesData<{ pages: { items: Conversation[] }[] }>({
    queryKey: messageKeys.conversations(),
  });
  for (const [, list] of lists)
    for (const page of list?.pages ?? []) {
      const found = page.items.find((c) => c.id === conversationId);
      if (found) return found.participants;
    }
  return [];
}

async function mapRecords(
  session: E2eeSession,
  viewerId: string,
  participants: Participant[],
  records: TimelineRecord[],
): Promise<Message[]> {
  if (records.length === 0) return [];
  const conversationId = records[0]?.conversation_id ?? '';
  const meta = await session.timeline.meta(conversationId);
  const byId = new Map(records.map((r) => [r.id, r]));
  const missing = records.flatMap((r) => (r.reply_to_id && !byId.has(r.reply_to_id) ? [r.reply_to_id] : []));
  for (const id of missing) {
    const target = await session.timeline.get(conversationId, id);
    if (target) byId.set(id, target);
  }
  await decryptAll(
    session.client,
    [...byId.values()].flatMap((r) => r.attachments),
  );
  return records.map((record) =>
    toMessage(record, {
      viewerId,
      participants,
      meta,
      mediaUrl: mediaUrlOf,
      replyTarget: (id) => byId.get(id),
    }),
  );
}

const now = () => new Date().toISOString();

/** Ids of the loaded rows (local ids) → their seq, for read marks. */
const seqOf = new Map<string, number>();

function remember(records: TimelineRecord[]): void {
  for (const record of records) seqOf.set(record.id, record.seq);
}

/**
 * A page of an encrypted chat from this device's history, in the shape of the server's pages: the newest
 * page, the one older than max_id, or newer than min_id (local ids).
 */
export async function localPage(
  account: SessionAccount,
  conversation: Conversation,
  param: { max_id: string } | { min_id: string } | undefined,
): Promise<ConversationPage> {
  const session = await openSession(account);
  await syncConversation(session, conversation.id);
  const anchorId = param ? ('max_id' in param ? param.max_id : param.min_id) : null;
  const anchor = anchorId ? await session.timeline.get(conversation.id, anchorId) : undefined;
  const limit = CONVERSATION_PAGE_SIZE;
  const records = await session.timeline.page(conversation.id, {
    limit: limit + 1,
    ...(param && anchor ? ('max_id' in param ? { before: anchor.seq } : { after: anchor.seq }) : {}),
  });
  const forward = param !== undefined && 'min_id' in param;
  const hasMore = records.length > limit;
  const kept = hasMore ? (forward ? records.slice(0, limit) : records.slice(1)) : records;
  remember(kept);
  const messages = await mapRecords(session, account.id, conversation.participants, kept);
  if (!param) updatePreview(conversation.id, kept.at(-1), messages.at(-1));
  return { conversation, messages, has_more: hasMore };
}

function updatePreview(
  conversationId: string,
  record: TimelineRecord | undefined,
  message: Message | undefined,
) {
  if (!record || !message || record.system) return;
  setPreview(conversationId, {
    id: message.id,
    content: message.content,
    sender_id: message.sender.id,
    sender_username: message.sender.username,
    is_system_message: false,
    created_at: message.created_at,
    media_attachments: message.media_attachments,
  });
}

/** Fetches and processes what the server holds for this device in one conversation. */
export function syncConversation(session: E2eeSession, conversationId: string): Promise<void> {
  return session.inConversation(conversationId, () => session.client.sync(conversationId));
}

/** Shows a change of the local history in the box: the open chat, the list and its preview. */
async function showChange(session: E2eeSession, box: BoxContext, change: TimelineChange): Promise<void> {
  const { client } = box;
  switch (change.kind) {
    case 'added': {
      const { record } = change;
      remember([record]);
      const participants = participantsOf(client, record.conversation_id);
      const [message] = await mapRecords(session, box.currentUserId, participants, [record]);
      if (!message) return;
      const openId = box.openConversationId();
      if (openId === record.conversation_id) {
        appendMessage(client, message);
        if (record.sender_id !== box.currentUserId) box.scheduleMarkRead(record.conversation_id);
      } else
        void client.invalidateQueries({
          queryKey: messageKeys.conversation(record.conversation_id),
          refetchType: 'none',
        });
      if (!record.system) {
        applyMessageToList(client, message, { currentUserId: box.currentUserId, openConversationId: openId });
        updatePreview(record.conversation_id, record, message);
      }
      return;
    }
    case 'updated': {
      const participants = participantsOf(client, change.record.conversation_id);
      replaceReactions(
        client,
        change.record.conversation_id,
        change.record.id,
        toReactions(change.record, participants),
      );
      return;
    }
    case 'removed':
      removeMessage(client, change.conversation_id, change.id);
      return;
    case 'read': {
      const data = client.getQueryData<ChatPages>(messageKeys.conversation(change.conversation_id));
      const ids = (data?.pages ?? [])
        .flatMap((page) => page.messages)
        .filter((m) => (seqOf.get(m.id) ?? Infinity) <= change.seq)
        .map((m) => m.id);
      markReadBy(client, change.conversation_id, change.reader_id, ids);
      return;
    }
  }
}

async function applyEvent(session: E2eeSession, box: BoxContext, event: ClientEvent): Promise<void> {
  switch (event.type) {
    case 'typing': {
      if (event.actor_id === box.currentUserId) return;
      if (event.state === 'stop') box.typing.stop(event.conversation_id, event.actor_id);
      else {
        const person = participantsOf(box.client, event.conversation_id).find((p) => p.id === event.actor_id);
        box.typing.start({
          conversation_id: event.conversation_id,
          user_id: event.actor_id,
          username: person?.username ?? null,
          display_name: person?.display_name ?? null,
        });
      }
      return;
    }
    case 'removed':
    case 'joined': {
      // a device that joins an existing chat reads from then on: one row stands for what came before
      if (event.type === 'joined' && event.epoch <= 1) return;
      const record =
        event.type === 'removed'
          ? systemRecord(event.conversation_id, Number.MAX_SAFE_INTEGER, 'removed', box.currentUserId, now())
          : systemRecord(
              event.conversation_id,
              event.seq,
              'history_gap',
              box.currentUserId,
              event.created_at,
            );
      const change = await session.timeline.apply({ type: 'system', record });
      if (change) await showChange(session, box, change);
      return;
    }
    default: {
      if (event.type === 'note') box.typing.stop(event.record.conversation_id, event.record.sender_id);
      const change = await session.timeline.apply(event);
      if (change) await showChange(session, box, change);
    }
  }
}

/**
 * Binds the session to the box: decrypted events update the view (in the order they came), the device's removal
 * is shown. Returns the unbinding.
 */
export function connect(session: E2eeSession, box: BoxContext): () => void {
  let queue: Promise<unknown> = Promise.resolve();
  return session.subscribe((event) => {
    if (event.type === 'device_removed') {
      box.onDeviceRemoved();
      return;
    }
    queue = queue
      .then(() => applyEvent(session, box, event))
      .catch((error: unknown) => console.error('Encrypted chats: an event could not be shown', error));
  });
}

/** The box's stream events for encrypted chats (docs/E2EE-API.md "Streaming"). */
export async function applyStreamEvent(session: E2eeSession, event: string, payload: unknown): Promise<void> {
  if (session.isRemoved()) return;
  switch (event) {
    case 'e2ee_message': {
      const envelope = payload as MlsEnvelope;
      await session.inConversation(envelope.conversation_id, () => session.client.handleEnvelope(envelope));
      return;
    }
    case 'e2ee_ephemeral':
      await session.client.handleEphemeral(payload as EphemeralEnvelope);
      return;
    case 'e2ee_pending_removals': {
      const { conversation_id } = payload as { conversation_id: string };
      await session.inConversation(conversation_id, () =>
        session.client.commitPendingRemovals(conversation_id),
      );
      return;
    }
    default:
      return;
  }
}

/** Sends a note; the caller shows it pending (local_key) until this resolves with the stored message. */
export async function sendNote(
  session: E2eeSession,
  conversation: Conversation,
  viewerId: string,
  text: string,
  media: MessageMedia[],
  replyTo: Pick<Message, 'id'> | null,
): Promise<Message> {
  const id = `urn:uuid:${crypto.randomUUID()}`;
  const published = new Date().toISOString();
  const attachments = attachmentsFor(media);
  const sent = await session.inConversation(conversation.id, () =>
    session.client.send(conversation.id, {
      type: 'note',
      id,
      content: text,
      published,
      in_reply_to: replyTo?.id ?? null,
      attachments,
    }),
  );
  const record = newRecord({
    conversation_id: conversation.id,
    id,
    seq: sent?.seq ?? Number.MAX_SAFE_INTEGER - 1,
    sender_id: viewerId,
    created_at: published,
    content: text,
    reply_to_id: replyTo?.id ?? null,
    attachments,
  });
  await session.timeline.apply({ type: 'note', record });
  remember([record]);
  const [message] = await mapRecords(session, viewerId, conversation.participants, [record]);
  if (!message) throw new Error('The sent message could not be shown');
  updatePreview(conversation.id, record, message);
  return message;
}

/** Toggles the viewer's reaction with this emoji (Like, or Undo when already there). */
export async function toggleReaction(session: E2eeSession, box: BoxContext, message: Message, emoji: string) {
  const mine = message.reactions.some((r) => r.emoji === emoji && r.userIds.includes(box.currentUserId));
  const type = mine ? 'undo_like' : 'like';
  await session.inConversation(message.conversation_id, () =>
    session.client.send(message.conversation_id, { type, target: message.id, emoji }),
  );
  const change = await session.timeline.apply({
    type,
    conversation_id: message.conversation_id,
    actor_id: box.currentUserId,
    target: message.id,
    emoji,
  });
  if (change) await showChange(session, box, change);
}

/** Deletes one's own note for everyone. */
export async function deleteForEveryone(session: E2eeSession, box: BoxContext, message: Message) {
  await session.inConversation(message.conversation_id, () =>
    session.client.send(message.conversation_id, { type: 'delete', target: message.id }),
  );
  const change = await session.timeline.apply({
    type: 'delete',
    conversation_id: message.conversation_id,
    actor_id: box.currentUserId,
    target: message.id,
  });
  if (change) await showChange(session, box, change);
}

/** Hides a note on this device only. */
export async function deleteForMe(session: E2eeSession, box: BoxContext, message: Message) {
  const change = await session.timeline.hide(message.conversation_id, message.id);
  if (change) await showChange(session, box, change);
}

const lastReadSent = new Map<string, string>();

/** Sends a Read of the newest note of others, once per note (receipts on). */
export async function sendReadReceipt(session: E2eeSession, conversationId: string, viewerId: string) {
  const records = await session.timeline.page(conversationId, { limit: CONVERSATION_PAGE_SIZE });
  const newest = newestFromOthers(records, viewerId);
  if (!newest || lastReadSent.get(conversationId) === newest.id) return;
  lastReadSent.set(conversationId, newest.id);
  await session.inConversation(conversationId, () =>
    session.client.send(conversationId, { type: 'read', target: newest.id }),
  );
}

export function sendTyping(session: E2eeSession, conversationId: string, typing: boolean): Promise<unknown> {
  return session.client.send(conversationId, { type: 'typing', state: typing ? 'start' : 'stop' });
}

export function uploadMedia(session: E2eeSession, file: File): Promise<MessageMedia> {
  return uploadEncrypted(session.client, file);
}

/** Creates an encrypted chat (one-to-one: one id, no name) and shows it in the list. */
export async function createChat(
  session: E2eeSession,
  client: QueryClient,
  participantIds: string[],
  name: string | null,
): Promise<Conversation> {
  const conversation = await session.client.createConversation(participantIds, name);
  upsertConversation(client, conversation);
  return conversation;
}

export async function addMembers(session: E2eeSession, conversationId: string, accountIds: string[]) {
  await session.inConversation(conversationId, () => session.client.addMembers(conversationId, accountIds));
}

export async function removeMembers(session: E2eeSession, conversationId: string, accountIds: string[]) {
  await session.inConversation(conversationId, () =>
    session.client.removeMembers(conversationId, accountIds),
  );
}

/** Loads the list previews of these encrypted chats from the local history. */
export async function loadPreviews(session: E2eeSession, conversations: Conversation[], viewerId: string) {
  for (const conversation of conversations) {
    const latest = await session.timeline.latest(conversation.id);
    if (!latest || latest.system) continue;
    const [message] = await mapRecords(session, viewerId, conversation.participants, [latest]);
    updatePreview(conversation.id, latest, message);
  }
}
