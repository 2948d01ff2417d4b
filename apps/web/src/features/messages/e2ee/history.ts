import type { StoredMessage, SystemEvent } from '@palchat/e2ee';
import type { Participant } from '../model';
import { newRecord, type SystemKind, type TimelineRecord } from './timeline';

/**
 * @palchat/e2ee's decrypted history (by actor URIs: the MLS credentials) as the box's records (by account ids:
 * the conversation's participants).
 */

/**
 * The actor URI of a participant: the server's `uri`; from a server that leaves it out, this server's
 * `/users/<name>` or, for a remote person, the usual `https://host/users/<name>` of their acct (`name@host`).
 */
export function actorUriOfParticipant(
  person: Pick<Participant, 'username' | 'acct' | 'uri'>,
  origin: string,
): string {
  if (person.uri) return person.uri;
  const at = person.acct.indexOf('@');
  if (at < 0) return `${origin}/users/${person.username}`;
  return `https://${person.acct.slice(at + 1)}/users/${person.acct.slice(0, at)}`;
}

/** Account id by actor URI, for these participants (an unknown actor keeps its URI as id). */
export function actorDirectory(participants: Participant[], origin: string): (actorUri: string) => string {
  const byUri = new Map(participants.map((p) => [actorUriOfParticipant(p, origin), p.id]));
  return (actorUri) => byUri.get(actorUri) ?? actorUri;
}

const SYSTEM_KINDS: Partial<Record<SystemEvent['type'], SystemKind>> = {
  device_added: 'device_added',
  device_removed: 'device_removed',
  removed_self: 'removed',
};

/** null for what the box does not show: deleted notes, and people joining or leaving (the server says those). */
export function recordOf(
  message: StoredMessage,
  accountOf: (actorUri: string) => string,
): TimelineRecord | null {
  if (message.deleted) return null;
  const base = {
    conversation_id: message.conversationId,
    id: message.id,
    // this device's own message on its way goes last
    seq: message.seq ?? Number.MAX_SAFE_INTEGER,
    sender_id: accountOf(message.senderActorUri),
    created_at: message.createdAt,
  };
  if (message.kind === 'system') {
    const event = message.system;
    const kind = event ? SYSTEM_KINDS[event.type] : undefined;
    if (!event || !kind) return null;
    const subject = 'actorUri' in event ? accountOf(event.actorUri) : base.sender_id;
    return newRecord({ ...base, sender_id: subject, system: { kind, account_id: subject } });
  }
  const note = message.note;
  if (!note) return null;
  return newRecord({
    ...base,
    created_at: note.published,
    content: note.text,
    reply_to_id: note.inReplyTo ?? null,
    attachments: note.attachments.map((a) => ({
      url: a.url,
      media_type: a.mediaType,
      key: a.key,
      iv: a.iv,
      digest: a.digest,
      width: a.width ?? null,
      height: a.height ?? null,
    })),
    reactions: message.reactions.map((r) => ({ emoji: r.emoji, user_id: accountOf(r.actorUri) })),
  });
}

export function recordsOf(
  messages: StoredMessage[],
  accountOf: (actorUri: string) => string,
): TimelineRecord[] {
  return messages.flatMap((m) => {
    const record = recordOf(m, accountOf);
    return record ? [record] : [];
  });
}
