/**
 * An encrypted chat's history as the box shows it: @palchat/e2ee keeps what this device decrypted (history.ts
 * reads it into these records, by account ids), the box keeps beside it only its view state (view-store.ts: read
 * marks, messages deleted for me, when this device joined). Pure rules, no MLS, no storage.
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
  system: { kind: SystemKind; account_id: string } | null;
}

/** The box's view state of a conversation on this device. */
export interface TimelineMeta {
  conversation_id: string;
  /** how far each person has read: the seq of the newest note their `Read` named */
  reads: Record<string, number>;
  /** notes deleted for me */
  hidden: string[];
  /** when this device joined the chat after its creation (Welcome epoch ≥ 2): what came before is not here */
  joined_late_at: string | null;
}

export function emptyMeta(conversationId: string): TimelineMeta {
  return { conversation_id: conversationId, reads: {}, hidden: [], joined_late_at: null };
}

export function newRecord(
  fields: Pick<TimelineRecord, 'conversation_id' | 'id' | 'seq' | 'sender_id' | 'created_at'> &
    Partial<TimelineRecord>,
): TimelineRecord {
  return {
    content: '',
    reply_to_id: null,
    attachments: [],
    reactions: [],
    system: null,
    ...fields,
  };
}

export function systemRecord(
  conversationId: string,
  id: string,
  seq: number,
  kind: SystemKind,
  accountId: string,
  createdAt: string,
): TimelineRecord {
  return newRecord({
    conversation_id: conversationId,
    id,
    seq,
    sender_id: accountId,
    created_at: createdAt,
    system: { kind, account_id: accountId },
  });
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
    if (record && !record.system && record.sender_id !== viewerId) return record;
  }
  return null;
}

/** Case-insensitive match of a search over decrypted text, as the server's search matches plain chats. */
export function matchesSearch(record: TimelineRecord, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q !== '' && record.system === null && record.content.toLowerCase().includes(q);
}

/**
 * The visible history: notes deleted for me left out, and, for a device that joined late, one row at the top for
 * what came before it.
 */
export function visibleRecords(
  records: TimelineRecord[],
  meta: TimelineMeta,
  viewerId: string,
): TimelineRecord[] {
  const hidden = new Set(meta.hidden);
  const shown = records.filter((r) => !hidden.has(r.id));
  if (!meta.joined_late_at) return shown;
  const gap = systemRecord(
    meta.conversation_id,
    `system:history_gap:${meta.conversation_id}`,
    (shown[0]?.seq ?? 0) - 1,
    'history_gap',
    viewerId,
    meta.joined_late_at,
  );
  return [gap, ...shown];
}

/** A page of records (oldest first) around an anchor: the newest `limit`, those before it, or after it. */
export function pageOf(
  records: TimelineRecord[],
  anchor: { before: string } | { after: string } | null,
  limit: number,
): { records: TimelineRecord[]; hasMore: boolean } {
  if (anchor && 'after' in anchor) {
    const index = records.findIndex((r) => r.id === anchor.after);
    const rest = records.slice(index + 1);
    return { records: rest.slice(0, limit), hasMore: rest.length > limit };
  }
  const end = anchor ? records.findIndex((r) => r.id === anchor.before) : records.length;
  const upTo = records.slice(0, end < 0 ? records.length : end);
  return { records: upTo.slice(-limit), hasMore: upTo.length > limit };
}
