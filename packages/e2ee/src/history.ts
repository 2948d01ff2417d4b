/**
 * The decrypted history of a conversation: applies application data (this device's own sends included) to the
 * store and says what changed, as events for the UI.
 */
import type { AppData } from './app-data.js';
import type { E2eeStore, StoredMessage, SystemEvent } from './store.js';

export type ChatEvent =
  /** a new message: a note, or a system message (a member or device added or removed) */
  | { type: 'message'; conversationId: string; message: StoredMessage }
  /** a message changed: reactions, deleted for everyone, or its place in the order became known */
  | { type: 'message_updated'; conversationId: string; message: StoredMessage }
  | { type: 'read'; conversationId: string; actorUri: string; messageId: string }
  | { type: 'typing'; conversationId: string; actorUri: string; state: 'start' | 'stop' }
  /** this device joined the chat from a Welcome (it reads from now on) */
  | { type: 'joined'; conversationId: string }
  /** this device was removed from the chat: it cannot read what follows */
  | { type: 'removed'; conversationId: string }
  /** an envelope this device could not use; the chat goes on */
  | { type: 'undecryptable'; conversationId: string; envelopeId: string; reason: string };

export interface Origin {
  conversationId: string;
  /** the MLS sender's identity (authenticated), never the server's claim */
  senderActorUri: string;
  seq: number | null;
  createdAt: string;
  /** for this device's own sends not yet ordered: a digest of the MLS message, to place it when it comes back */
  localEnvelope?: string;
}

export async function applyAppData(store: E2eeStore, origin: Origin, data: AppData): Promise<ChatEvent[]> {
  const { conversationId, senderActorUri } = origin;
  switch (data.type) {
    case 'Create': {
      if (await store.getMessage(conversationId, data.note.id)) return [];
      const message: StoredMessage = {
        conversationId,
        id: data.note.id,
        kind: 'note',
        senderActorUri,
        seq: origin.seq,
        createdAt: origin.createdAt,
        note: data.note.published ? data.note : { ...data.note, published: origin.createdAt },
        reactions: [],
        deleted: false,
        ...(origin.localEnvelope ? { localEnvelope: origin.localEnvelope } : {}),
      };
      await store.putMessage(message);
      return [{ type: 'message', conversationId, message }];
    }
    case 'Delete': {
      const message = await store.getMessage(conversationId, data.object);
      // only the author deletes for everyone; the plaintext goes from this device too
      if (!message || message.kind !== 'note' || message.senderActorUri !== senderActorUri) return [];
      const { note: _removed, ...rest } = message;
      return updated(store, { ...rest, deleted: true, reactions: [] });
    }
    case 'Like': {
      const message = await store.getMessage(conversationId, data.object);
      if (!message || message.deleted) return [];
      if (message.reactions.some((r) => r.actorUri === senderActorUri && r.emoji === data.emoji)) return [];
      const reaction = { likeId: data.id, actorUri: senderActorUri, emoji: data.emoji };
      return updated(store, { ...message, reactions: [...message.reactions, reaction] });
    }
    case 'Undo': {
      const messages = await store.listMessages(conversationId);
      const message = messages.find((m) =>
        m.reactions.some((r) => r.likeId === data.object && r.actorUri === senderActorUri),
      );
      if (!message) return [];
      return updated(store, {
        ...message,
        reactions: message.reactions.filter((r) => r.likeId !== data.object),
      });
    }
    case 'Read':
      return [{ type: 'read', conversationId, actorUri: senderActorUri, messageId: data.object }];
    case 'Typing':
      return [{ type: 'typing', conversationId, actorUri: senderActorUri, state: data.state }];
  }
}

export async function addSystemMessage(
  store: E2eeStore,
  origin: Omit<Origin, 'localEnvelope'>,
  id: string,
  system: SystemEvent,
): Promise<ChatEvent[]> {
  const message: StoredMessage = {
    conversationId: origin.conversationId,
    id,
    kind: 'system',
    senderActorUri: origin.senderActorUri,
    seq: origin.seq,
    createdAt: origin.createdAt,
    system,
    reactions: [],
    deleted: false,
  };
  await store.putMessage(message);
  return [{ type: 'message', conversationId: origin.conversationId, message }];
}

/** This device's own send came back in the order: it takes its place. */
export async function placeOwnMessage(
  store: E2eeStore,
  conversationId: string,
  localEnvelope: string,
  seq: number,
): Promise<ChatEvent[]> {
  const messages = await store.listMessages(conversationId);
  const message = messages.find((m) => m.seq === null && m.localEnvelope === localEnvelope);
  if (!message) return [];
  const { localEnvelope: _placed, ...rest } = message;
  return updated(store, { ...rest, seq });
}

async function updated(store: E2eeStore, message: StoredMessage): Promise<ChatEvent[]> {
  await store.putMessage(message);
  return [{ type: 'message_updated', conversationId: message.conversationId, message }];
}
