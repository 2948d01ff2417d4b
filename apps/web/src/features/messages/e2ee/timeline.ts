/**
 * An encrypted chat's history as this device decrypted it: the records kept in the device's timeline store
 * (timeline-store.ts) and the pure rules that apply decrypted application data to them (docs/E2EE-API.md
 * "Application data"). Nothing here knows MLS: the session hands over what it decrypted.
 */

/** An encrypted file as a message names it: the key, IV and digest travel inside the MLS message. */
export interface EncryptedAttachment {
  url: string;
  media_type: string;
  /** base64 */
  key: string;
  /** base64 */
  iv: string;
  /** base64 SHA-256 of the ciphertext */
  digest: string;
  width: number | null;
  height: number | null;
}

/** Rows the box writes itself: membership seen in commits, the gap before this device joined. */
export type SystemKind = 'device_added' | 'device_removed' | 'removed' | 'history_gap';

export interface TimelineRecord {
  conversation_id: string;
  /** the note's `urn:uuid:` id, or `system:<seq>` */
  id: string;
  /** the server's order of the envelope that carried it */
  seq: number;
  sender_id: string;
  content: string;
  /** the note's `published` */
  created_at: string;
  reply_to_id: string | null;
  attachments: EncryptedAttachment[];
  /** one entry per (person, emoji): Like adds it, Undo removes it */
  reactions: { emoji: string; user_id: string }[];
  /** deleted for me: kept out of the view, out of search and previews */
  hidden: boolean;
  system: { kind: SystemKind; account_id: string } | null;
}

/** Per conversation: how far each person has read (the seq of the newest note their `Read` named). */
export interface TimelineMeta {
  conversation_id: string;
  reads: Record<string, number>;
}

/** What the session decrypted, in the box's terms. */
export type TimelineEvent =
  | { type: 'note'; record: TimelineRecord }
  | { type: 'system'; record: TimelineRecord }
  | { type: 'delete'; conversation_id: string; actor_id: string; target: string }
  | { type: 'like' | 'undo_like'; conversation_id: string; actor_id: string; target: string; emoji: string }
  | { type: 'read'; conversation_id: string; actor_id: string; target: string };

export function newRecord(
  fields: Pick<TimelineRecord, 'conversation_id' | 'id' | 'seq' | 'sender_id' | 'created_at'> &
    Partial<TimelineRecord>,
): TimelineRecord {
  return {
    content: '',
    reply_to_id: null,
    attachments: [],
    reactions: [],
    hidden: false,
    system: null,
    ...fields,
  };
}

export function systemRecord(
  conversationId: string,
  seq: number,
  kind: SystemKind,
  accountId: string,
  createdAt: string,
): TimelineRecord {
  return newRecord({
    conversation_id: conversationId,
    id: `system:${seq}:${kind}:${accountId}`,
    seq,
    sender_id: accountId,
    created_at: createdAt,
    system: { kind, account_id: accountId },
  });
}

/** Adds (Like) or removes (Undo) one person's reaction; the same Like twice is kept once. */
export function withReaction(
  record: TimelineRecord,
  userId: string,
  emoji: string,
  add: boolean,
): TimelineRecord {
  const others = record.reactions.filter((r) => !(r.user_id === userId && r.emoji === emoji));
  return { ...record, reactions: add ? [...others, { emoji, user_id: userId }] : others };
}

/** Only its sender may delete a note for everyone: a Delete from anyone else is ignored. */
export function mayDelete(record: TimelineRecord, actorId: string): boolean {
  return record.system === null && record.sender_id === actorId;
}

/** A Read moves a reader forward only: a late, older Read changes nothing. */
export function withRead(meta: TimelineMeta, readerId: string, seq: number): TimelineMeta {
  if ((meta.reads[readerId] ?? -1) >= seq) return meta;
  return { ...meta, reads: { ...meta.reads, [readerId]: seq } };
}

/** Who has read a note: everyone whose read mark reached it, never its sender. */
export function readersOf(record: TimelineRecord, meta: TimelineMeta | undefined): string[] {
  if (!meta || record.system) return [];
  return Object.entries(meta.reads)
    .filter(([userId, seq]) => userId !== record.sender_id && seq >= record.seq)
    .map(([userId]) => userId);
}

/** The newest note of others: the one a `Read` names when the viewer has read the chat. */
export function newestFromOthers(records: TimelineRecord[], viewerId: string): TimelineRecord | null {
  for (let i = records.length - 1; i >= 0; i -= 1) {
    const record = records[i];
    if (record && !record.system && !record.hidden && record.sender_id !== viewerId) return record;
  }
  return null;
}

/** Case-insensitive match of a search over decrypted text, as the server's search matches plain chats. */
export function matchesSearch(record: TimelineRecord, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q !== '' && !record.hidden && record.system === null && record.content.toLowerCase().includes(q);
}
