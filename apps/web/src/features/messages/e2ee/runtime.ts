import type { QueryClient } from '@tanstack/react-query';
import {
  createNote,
  deleteNote,
  like,
  read,
  typing,
  undo,
  type ChatEvent,
  type EphemeralEnvelope,
  type MlsEnvelope,
  type StoredMessage,
} from '@palchat/e2ee';
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
import { actorDirectory, recordOf, recordsOf } from './history';
import { attachmentsFor, decryptAll, mediaUrlOf, uploadEncrypted } from './media';
import { setPreview } from './previews';
import { openSession, type E2eeSession, type SessionAccount } from './session';
import { systemContent } from './system-rows';
import {
  matchesSearch,
  newestFromOthers,
  pageOf,
  visibleRecords,
  type TimelineMeta,
  type TimelineRecord,
} from './timeline';
import { toMessage, toReactions } from './to-message';

/**
 * The lazy chunk of encrypted chats: the device session and the MLS client, and what the box does with them —
 * pages of the decrypted history in the Message shape, sending, reacting, deleting, receipts, typing, media, new
 * chats, membership commits, and decrypted events applied to the box's query cache.
 */
export { currentSession, localDeviceId, openSession, wipeLocalDevice } from './session';
export type { E2eeSession, SessionAccount } from './session';

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

/** The conversation as the box knows it (its open chat's first page, else the list). */
function conversationOf(client: QueryClient, conversationId: string): Conversation | undefined {
  const chat = client.getQueryData<ChatPages>(messageKeys.conversation(conversationId));
  const fromChat = chat?.pages[0]?.conversation;
  if (fromChat) return fromChat;
  const lists = client.getQueriesData<{ pages: { items: Conversation[] }[] }>({
    queryKey: messageKeys.conversations(),
  });
  for (const [, list] of lists)
    for (const page of list?.pages ?? []) {
      const found = page.items.find((c) => c.id === conversationId);
      if (found) return found;
    }
  return undefined;
}

function participantsOf(client: QueryClient, conversationId: string): Participant[] {
  return conversationOf(client, conversationId)?.participants ?? [];
}

const directoryOf = (participants: Participant[]) => actorDirectory(participants, window.location.origin);

/** Ids of the loaded rows → their seq, for read marks. */
const seqOf = new Map<string, number>();

function remember(records: TimelineRecord[]): void {
  for (const record of records) seqOf.set(record.id, record.seq);
}

async function visibleHistory(session: E2eeSession, conversationId: string, participants: Participant[]) {
  const meta = await session.view.meta(conversationId);
  const records = recordsOf(await session.client.history(conversationId), directoryOf(participants));
  return { meta, all: records, shown: visibleRecords(records, meta, session.accountId) };
}

async function toMessages(
  session: E2eeSession,
  participants: Participant[],
  records: TimelineRecord[],
  history: { meta: TimelineMeta; all: TimelineRecord[] },
): Promise<Message[]> {
  const byId = new Map(history.all.map((r) => [r.id, r]));
  const quoted = records.flatMap((r) => {
    const target = r.reply_to_id ? byId.get(r.reply_to_id) : undefined;
    return target ? [target] : [];
  });
  await decryptAll(
    session.client,
    [...records, ...quoted].flatMap((r) => r.attachments),
  );
  return records.map((record) =>
    toMessage(record, {
      viewerId: session.accountId,
      participants,
      meta: history.meta,
      mediaUrl: mediaUrlOf,
      replyTarget: (id) => byId.get(id),
    }),
  );
}

function updatePreview(message: Message): void {
  if (message.is_system_message) return;
  setPreview(message.conversation_id, {
    id: message.id,
    content: message.content,
    sender_id: message.sender.id,
    sender_username: message.sender.username,
    is_system_message: false,
    created_at: message.created_at,
    media_attachments: message.media_attachments,
  });
}

/** What arrived while this device was away: Welcomes (noted for late joins) and conversations with news. */
export async function start(session: E2eeSession): Promise<void> {
  await session.inConversation('pending', () => session.client.start());
}

/** Fetches and processes what the server holds for this device in one conversation. */
export function syncConversation(session: E2eeSession, conversationId: string): Promise<void> {
  return session.inConversation(conversationId, () => session.client.sync(conversationId));
}

/**
 * A page of an encrypted chat from this device's history, in the shape of the server's pages: the newest
 * page (after a sync), the one older than max_id, or newer than min_id (local ids).
 */
export async function localPage(
  account: SessionAccount,
  conversation: Conversation,
  param: { max_id: string } | { min_id: string } | undefined,
): Promise<ConversationPage> {
  const session = await openSession(account);
  if (!param) await syncConversation(session, conversation.id);
  const history = await visibleHistory(session, conversation.id, conversation.participants);
  const anchor = param ? ('max_id' in param ? { before: param.max_id } : { after: param.min_id }) : null;
  const page = pageOf(history.shown, anchor, CONVERSATION_PAGE_SIZE);
  remember(page.records);
  const messages = await toMessages(session, conversation.participants, page.records, history);
  const newest = messages.findLast((m) => !m.is_system_message);
  if (!param && newest) updatePreview(newest);
  return { conversation, messages, has_more: page.hasMore };
}

/** One decrypted message as the box shows it (null: not shown, e.g. deleted). */
async function shownMessage(session: E2eeSession, participants: Participant[], stored: StoredMessage) {
  const record = recordOf(stored, directoryOf(participants));
  if (!record) return null;
  const history = await visibleHistory(session, stored.conversationId, participants);
  if (history.meta.hidden.includes(record.id)) return null;
  remember([record]);
  const [message] = await toMessages(session, participants, [record], history);
  return message ?? null;
}

async function showAdded(session: E2eeSession, box: BoxContext, stored: StoredMessage): Promise<void> {
  const { client } = box;
  const conversationId = stored.conversationId;
  const message = await shownMessage(session, participantsOf(client, conversationId), stored);
  if (!message) return;
  const openId = box.openConversationId();
  if (openId === conversationId) {
    appendMessage(client, message);
    if (message.sender.id !== box.currentUserId) box.scheduleMarkRead(conversationId);
  } else {
    void client.invalidateQueries({
      queryKey: messageKeys.conversation(conversationId),
      refetchType: 'none',
    });
  }
  if (!message.is_system_message) {
    box.typing.stop(conversationId, message.sender.id);
    // the server counts unread encrypted messages (the stream event had the list read again): the preview
    // and the order change here, not the count
    applyMessageToList(client, message, { currentUserId: message.sender.id, openConversationId: openId });
    updatePreview(message);
  }
}

async function showUpdated(session: E2eeSession, box: BoxContext, stored: StoredMessage): Promise<void> {
  const participants = participantsOf(box.client, stored.conversationId);
  const record = recordOf(stored, directoryOf(participants));
  if (!record) {
    removeMessage(box.client, stored.conversationId, stored.id);
    // the list shows the newest message left
    const conversation = conversationOf(box.client, stored.conversationId);
    if (conversation) await loadPreviews(session, [conversation]);
    return;
  }
  remember([record]);
  replaceReactions(box.client, stored.conversationId, stored.id, toReactions(record, participants));
}

async function showRead(session: E2eeSession, box: BoxContext, event: Extract<ChatEvent, { type: 'read' }>) {
  const { conversationId } = event;
  const participants = participantsOf(box.client, conversationId);
  const readerId = directoryOf(participants)(event.actorUri);
  const history = await session.client.history(conversationId);
  const seq = history.find((m) => m.id === event.messageId)?.seq;
  if (seq === undefined || seq === null) return;
  if (!(await session.view.read(conversationId, readerId, seq))) return;
  const data = box.client.getQueryData<ChatPages>(messageKeys.conversation(conversationId));
  const ids = (data?.pages ?? [])
    .flatMap((page) => page.messages)
    .filter((m) => (seqOf.get(m.id) ?? Infinity) <= seq)
    .map((m) => m.id);
  markReadBy(box.client, conversationId, readerId, ids);
}

async function applyEvent(session: E2eeSession, box: BoxContext, event: ChatEvent): Promise<void> {
  switch (event.type) {
    case 'message':
      return showAdded(session, box, event.message);
    case 'message_updated':
      return showUpdated(session, box, event.message);
    case 'read':
      return showRead(session, box, event);
    case 'typing': {
      const participants = participantsOf(box.client, event.conversationId);
      const userId = directoryOf(participants)(event.actorUri);
      if (userId === box.currentUserId) return;
      if (event.state === 'stop') box.typing.stop(event.conversationId, userId);
      else {
        const person = participants.find((p) => p.id === userId);
        box.typing.start({
          conversation_id: event.conversationId,
          user_id: userId,
          username: person?.username ?? null,
          display_name: person?.display_name ?? null,
        });
      }
      return;
    }
    case 'joined':
      if ((session.welcomeEpoch(event.conversationId) ?? 1) >= 2)
        await session.view.joinedLate(event.conversationId, new Date().toISOString());
      void box.client.invalidateQueries({ queryKey: messageKeys.conversations() });
      return;
    case 'removed':
      void box.client.invalidateQueries({ queryKey: messageKeys.conversations() });
      return;
    case 'undecryptable': {
      if (box.openConversationId() !== event.conversationId) return;
      appendMessage(box.client, undecryptableRow(event.conversationId, event.envelopeId, box.currentUserId));
      return;
    }
  }
}

/** A row for an envelope this device could not decrypt (shown while the chat is open; not kept). */
function undecryptableRow(conversationId: string, envelopeId: string, viewerId: string): Message {
  return {
    id: `system:undecryptable:${envelopeId}`,
    conversation_id: conversationId,
    content: systemContent('undecryptable'),
    created_at: new Date().toISOString(),
    sender: { id: viewerId, username: '', display_name: '', avatar: '' },
    sender_id: viewerId,
    sender_username: '',
    is_system_message: true,
    reply_to_message_id: null,
    reply_to: null,
    media_attachments: [],
    reactions: [],
    read_by: [],
    deleted_by_user_ids: [],
    can_delete: false,
  };
}

/**
 * Binds the session to the box: decrypted events update the view, in the order they came; the device's removal
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
export async function applyStreamEvent(
  session: E2eeSession,
  box: BoxContext,
  event: string,
  payload: unknown,
): Promise<void> {
  if (session.isRemoved()) return;
  switch (event) {
    case 'e2ee_message': {
      const envelope = payload as MlsEnvelope;
      session.noteEnvelope(envelope);
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
    case 'e2ee_devices_changed': {
      // a participant's new device joins each shared chat by a commit of whoever is first
      const { account_id } = payload as { account_id: string };
      await addDevicesOf(session, box, account_id);
      // a device is announced when it registers, a moment before its key packages are uploaded
      setTimeout(() => void addDevicesOf(session, box, account_id), NEW_DEVICE_RETRY_MS);
      return;
    }
    default:
      return;
  }
}

const NEW_DEVICE_RETRY_MS = 3000;

/** Adds the new devices of `accountId` to every encrypted chat this device shares with them. */
async function addDevicesOf(session: E2eeSession, box: BoxContext, accountId: string): Promise<void> {
  const lists = box.client.getQueriesData<{ pages: { items: Conversation[] }[] }>({
    queryKey: messageKeys.conversations(),
  });
  const shared = new Set<string>();
  for (const [, list] of lists)
    for (const page of list?.pages ?? [])
      for (const c of page.items)
        if (c.encrypted === true && c.participants.some((p) => p.id === accountId)) shared.add(c.id);
  for (const conversationId of shared) {
    await session
      .inConversation(conversationId, () => session.client.addDevices(conversationId, [accountId]))
      .catch((error: unknown) => console.error('Encrypted chats: a new device was not added', error));
  }
}

/** Sends a note; the caller shows it pending (local_key) until this resolves with the stored message. */
export async function sendNote(
  session: E2eeSession,
  conversation: Conversation,
  text: string,
  media: MessageMedia[],
  replyTo: Pick<Message, 'id'> | null,
): Promise<Message> {
  const data = createNote(text, {
    ...(replyTo ? { inReplyTo: replyTo.id } : {}),
    attachments: attachmentsFor(media),
  });
  const stored = await session.inConversation(conversation.id, () =>
    session.client.send(conversation.id, data),
  );
  const message = stored ? await shownMessage(session, conversation.participants, stored) : null;
  if (!message) throw new Error('The sent message could not be shown');
  updatePreview(message);
  return message;
}

/** Toggles the viewer's reaction with this emoji (Like, or Undo of the viewer's Like). */
export async function toggleReaction(session: E2eeSession, message: Message, emoji: string): Promise<void> {
  const conversationId = message.conversation_id;
  const stored = (await session.client.history(conversationId)).find((m) => m.id === message.id);
  const mine = stored?.reactions.find((r) => r.actorUri === session.actorUri && r.emoji === emoji);
  await session.inConversation(conversationId, () =>
    session.client.send(conversationId, mine ? undo(mine.likeId) : like(message.id, emoji)),
  );
}

/** Deletes one's own note for everyone. */
export async function deleteForEveryone(session: E2eeSession, message: Message): Promise<void> {
  await session.inConversation(message.conversation_id, () =>
    session.client.send(message.conversation_id, deleteNote(message.id)),
  );
}

/** Hides a note on this device only. */
export async function deleteForMe(session: E2eeSession, box: BoxContext, message: Message): Promise<void> {
  await session.view.hide(message.conversation_id, message.id);
  removeMessage(box.client, message.conversation_id, message.id);
}

const lastReadSent = new Map<string, string>();

/** Sends a Read of the newest note of others, once per note (when the viewer's receipts are on). */
export async function sendReadReceipt(session: E2eeSession, conversation: Conversation): Promise<void> {
  const { all } = await visibleHistory(session, conversation.id, conversation.participants);
  const newest = newestFromOthers(all, session.accountId);
  if (!newest || newest.seq === Number.MAX_SAFE_INTEGER || lastReadSent.get(conversation.id) === newest.id)
    return;
  lastReadSent.set(conversation.id, newest.id);
  await session.inConversation(conversation.id, () => session.client.send(conversation.id, read(newest.id)));
}

export function sendTyping(session: E2eeSession, conversationId: string, isTyping: boolean): Promise<void> {
  return session.client.sendEphemeral(conversationId, typing(isTyping ? 'start' : 'stop'));
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
  const created = await session.client.createConversation(participantIds, name ?? undefined);
  const conversation = created as unknown as Conversation;
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

/** Forgets a chat on this device (deleted, left, dissolved): its keys, history and view state. */
export async function forgetChat(session: E2eeSession, conversationId: string): Promise<void> {
  await session.client.forget(conversationId);
  await session.view.forget(conversationId);
  setPreview(conversationId, null);
}

/** Loads the list previews of these encrypted chats from the decrypted history (no media is fetched). */
export async function loadPreviews(session: E2eeSession, conversations: Conversation[]): Promise<void> {
  for (const conversation of conversations) {
    const { shown, meta } = await visibleHistory(session, conversation.id, conversation.participants);
    const newest = shown.findLast((r) => r.system === null);
    if (!newest) continue;
    updatePreview(
      toMessage(newest, {
        viewerId: session.accountId,
        participants: conversation.participants,
        meta,
        mediaUrl: mediaUrlOf,
        replyTarget: () => undefined,
      }),
    );
  }
}

/** Decrypted messages matching `query` (newest first) in these encrypted chats, as search results. */
export async function searchLocal(
  session: E2eeSession,
  conversations: Conversation[],
  query: string,
): Promise<(Message & { conversation_name: string | null })[]> {
  const results: (Message & { conversation_name: string | null })[] = [];
  for (const conversation of conversations) {
    const { shown, meta } = await visibleHistory(session, conversation.id, conversation.participants);
    for (const record of shown.filter((r) => matchesSearch(r, query))) {
      const message = toMessage(record, {
        viewerId: session.accountId,
        participants: conversation.participants,
        meta,
        mediaUrl: mediaUrlOf,
        replyTarget: () => undefined,
      });
      results.push({ ...message, conversation_name: conversation.name });
    }
  }
  return results.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}
